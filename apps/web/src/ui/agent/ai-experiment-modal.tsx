/** AI experiment: pick a hypothesis; the agent plans an experiment that tests it, connected to it. */
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isGenerationRunning } from '@assay/domain';
import { toApiError } from '../../api/errors.ts';
import { gatewayRequest } from '../../api/gateway.ts';
import { generateExperiment, useGeneration } from '../../api/generation.ts';
import { GenerationProgress } from './generation-progress.tsx';

export function AiExperimentModal(props: {
  projectId: string;
  opened: boolean;
  onClose: () => void;
  onCreated: (cardId: string) => void;
}) {
  const [hypothesisId, setHypothesisId] = useState<string | null>(null);
  const [generationId, setGenerationId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const hypotheses = useQuery({
    queryKey: ['canvas', props.projectId, 'ai-experiment'],
    enabled: props.opened,
    queryFn: () =>
      gatewayRequest<{ canvas: { cards: { id: string; title: string; draft?: boolean }[] } }>(
        'query($p: ID!) { canvas(projectId: $p) { cards { id title } } }',
        { p: props.projectId },
      ).then((d) => d.canvas.cards),
  });
  const generation = useGeneration(generationId);
  const { onCreated, onClose } = props;
  useEffect(() => {
    const g = generation.data;
    if (!g || isGenerationRunning(g.status)) return;
    setGenerationId(null);
    if (g.status === 'success' && typeof g.result?.cardId === 'string') {
      onClose();
      onCreated(g.result.cardId);
    } else setError(g.error ?? 'The agent could not plan the experiment.');
  }, [generation.data, onClose, onCreated]);
  const start = () => {
    if (!hypothesisId) return;
    setError(null);
    void generateExperiment(hypothesisId)
      .then((g) => setGenerationId(g.id))
      .catch((e: unknown) => setError(toApiError(e).message));
  };
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="AI experiment" centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Pick the hypothesis to test. The agent plans an experiment for it, with success criteria,
          in Plan; you change anything before you run it.
        </Text>
        <Select
          label="Hypothesis"
          searchable
          placeholder={
            hypotheses.data?.length === 0 ? 'This project has no hypotheses yet' : 'Choose'
          }
          data={(hypotheses.data ?? []).map((h) => ({ value: h.id, label: h.title || 'Untitled' }))}
          value={hypothesisId}
          onChange={setHypothesisId}
          error={error}
        />
        {generation.data && isGenerationRunning(generation.data.status) ? (
          <GenerationProgress generation={generation.data} label="Planning the experiment" />
        ) : null}
        <Group justify="end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={start} disabled={!hypothesisId} loading={Boolean(generationId)}>
            Plan it
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
