/**
 * On a project's canvas: the project's generation while it runs (a staged progress bar), what it
 * did when it finished (and whether the built-in generator had to stand in for the model), and a
 * retry when it failed.
 */
import { Alert, Button, Group, Paper, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isGenerationRunning } from '@assay/domain';
import { toApiError } from '../../api/errors.ts';
import {
  generateProjectData,
  generationKeys,
  retryGeneration,
  useProjectGeneration,
} from '../../api/generation.ts';
import { showAlert } from '../alerts.ts';
import { GenerationProgress, limitsText } from './generation-progress.tsx';

const SEEN_KEY = (id: string) => `generation-seen-${id}`;

export function ProjectGenerationBanner(props: { projectId: string }) {
  const status = useProjectGeneration(props.projectId);
  const queryClient = useQueryClient();
  const [, rerender] = useState(0);
  const g = status.data?.generation;
  if (!g) {
    if (!status.data?.abilities.generate) return null;
    return (
      <Paper withBorder p="sm" radius="md" data-testid="project-generation">
        <Group justify="space-between">
          <Text size="sm">
            The AI agent can draft this project from its description: testable hypotheses for every
            canvas section, the dashboard statements, a market worksheet and first experiments.
          </Text>
          <Button
            size="xs"
            variant="light"
            onClick={() =>
              void generateProjectData(props.projectId)
                .then(() => queryClient.invalidateQueries({ queryKey: generationKeys.all }))
                .catch((error: unknown) =>
                  showAlert({ type: 'warning', message: toApiError(error).message }),
                )
            }
          >
            Draft it with the AI agent
          </Button>
        </Group>
      </Paper>
    );
  }
  if (isGenerationRunning(g.status)) {
    return (
      <Paper withBorder p="sm" radius="md" data-testid="project-generation">
        <GenerationProgress generation={g} label="The AI agent is drafting this project" />
      </Paper>
    );
  }
  if (g.status === 'fail') {
    return (
      <Alert
        color="red"
        title="The AI agent could not draft this project"
        data-testid="project-generation"
      >
        <Group justify="space-between">
          <Text size="sm">{g.error}</Text>
          {status.data?.abilities.generate ? (
            <Button
              size="xs"
              variant="white"
              onClick={() =>
                void retryGeneration(g.id)
                  .then(() => queryClient.invalidateQueries({ queryKey: generationKeys.all }))
                  .catch((error: unknown) =>
                    showAlert({ type: 'warning', message: toApiError(error).message }),
                  )
              }
            >
              Try again
            </Button>
          ) : null}
        </Group>
      </Alert>
    );
  }
  // Success: shown until dismissed, once per generation.
  if (sessionStorage.getItem(SEEN_KEY(g.id)) || !g.endedAt) return null;
  if (Date.now() - new Date(g.endedAt).getTime() > 24 * 3600_000) return null;
  return (
    <Alert
      color="teal"
      title="The AI agent drafted this project"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => {
        sessionStorage.setItem(SEEN_KEY(g.id), '1');
        rerender((n) => n + 1);
      }}
      data-testid="project-generation"
    >
      <Text size="sm">
        Every generated hypothesis is marked as generated and stays untested until you connect
        evidence to it. The dashboard has the statements, a market-sizing worksheet and a petal
        diagram to complete.
        {g.fellBack
          ? ' The AI model was unavailable, so the built-in generator wrote this draft.'
          : ''}
      </Text>
      {status.data ? (
        <Text size="xs" c="dimmed" mt={4}>
          {limitsText(status.data.limits)}
        </Text>
      ) : null}
    </Alert>
  );
}
