/**
 * "Generate hypotheses with AI" on a canvas section: starts the generation, follows it until it
 * ends, then refreshes the canvas and says what it added.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isGenerationRunning } from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { generateHypotheses, generationKeys, useGeneration } from '../../../api/generation.ts';
import { showAlert } from '../../../ui/alerts.ts';

export function useSectionGeneration(projectId: string) {
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState<{ id: string; name: string } | null>(null);
  const generation = useGeneration(current?.id ?? null);
  const data = generation.data;
  useEffect(() => {
    if (!current || !data || isGenerationRunning(data.status)) return;
    if (data.status === 'success') {
      const added = (data.result?.cardIds as string[] | undefined)?.length ?? 0;
      showAlert({
        type: 'success',
        message: added
          ? `The agent added ${added} untested ${added === 1 ? 'hypothesis' : 'hypotheses'} to ${current.name}.`
          : `The agent had nothing new for ${current.name}.`,
      });
      void queryClient.invalidateQueries({ queryKey: ['canvas', projectId] });
    } else {
      showAlert({
        type: 'warning',
        message: data.error ?? 'The agent could not write hypotheses.',
      });
    }
    void queryClient.invalidateQueries({ queryKey: generationKeys.limits });
    setCurrent(null);
  }, [current, data, projectId, queryClient]);
  return {
    running: current && data && isGenerationRunning(data.status) ? data : null,
    sectionName: current?.name ?? '',
    start: (section: string, name: string) =>
      void generateHypotheses(projectId, section)
        .then((g) => setCurrent({ id: g.id, name }))
        .catch((error: unknown) =>
          showAlert({ type: 'warning', message: toApiError(error).message }),
        ),
  };
}
