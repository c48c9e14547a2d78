/**
 * The AI agent on a card: interview questions and a value proposition canvas for a hypothesis;
 * key insights and connection suggestions (to accept or dismiss) for evidence. Shown only where
 * the plan has the agent and the member may edit the card.
 */
import {
  Accordion,
  Badge,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isGenerationRunning, VALUE_PROPOSITION_PARTS, type GenerationState } from '@assay/domain';
import { toApiError } from '../../api/errors.ts';
import { ConnectionSuggestions, useDecideSuggestion } from './connection-suggestions.tsx';
import {
  generateCardCompletion,
  generationKeys,
  suggestConnections,
  useCardGeneration,
  type CardGenerationView,
} from '../../api/generation.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { showAlert } from '../alerts.ts';
import { GenerationProgress } from './generation-progress.tsx';

type Completion = 'interviewQuestions' | 'keyInsights' | 'valuePropositionCanvas';

const ACTIONS: Record<Completion | 'connectionSuggestions', { label: string; again: string }> = {
  interviewQuestions: { label: 'Write interview questions', again: 'New interview questions' },
  valuePropositionCanvas: { label: 'Draft a value proposition canvas', again: 'Draft it again' },
  keyInsights: { label: 'Draw key insights from the notes', again: 'Draw key insights again' },
  connectionSuggestions: { label: 'Suggest connections', again: 'Suggest again' },
};

function Failed(props: { generation: GenerationState | null }) {
  if (props.generation?.status !== 'fail') return null;
  return (
    <Text size="sm" c="red">
      {props.generation.error}
    </Text>
  );
}

export function CardAgentPanel(props: {
  cardId: string;
  onChanged?: () => void;
  /** A line under the title: what the agent offers here (a completed experiment's reading). */
  intro?: string;
}) {
  const data = useCardGeneration(props.cardId);
  const queryClient = useQueryClient();
  // Key insights the agent wrote land in the card's own field: re-read the card.
  const insightsEnded = data.data?.completions.keyInsights?.endedAt ?? null;
  useEffect(() => {
    if (insightsEnded)
      void queryClient.invalidateQueries({ queryKey: queryKeys.card(props.cardId) });
  }, [insightsEnded, props.cardId, queryClient]);
  if (!data.data) return null;
  const view = data.data;
  const has = (k: string) => view.abilities.completions.includes(k);
  const anyResult = Object.values(view.completions).some(Boolean) || view.suggestions.length > 0;
  if (!view.abilities.generate && !anyResult) return null;
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: generationKeys.card(props.cardId) });
  };
  const run = (start: () => Promise<unknown>) =>
    void start()
      .then(refresh)
      .catch((error: unknown) =>
        showAlert({ type: 'warning', message: toApiError(error).message }),
      );
  const action = (kind: Completion | 'connectionSuggestions') => {
    const current = view.completions[kind];
    const busy = current ? isGenerationRunning(current.status) : false;
    if (!view.abilities.generate) return null;
    return (
      <Button
        key={kind}
        size="xs"
        variant="light"
        loading={busy}
        onClick={() =>
          run(() =>
            kind === 'connectionSuggestions'
              ? suggestConnections(props.cardId)
              : generateCardCompletion(props.cardId, kind),
          )
        }
      >
        {current?.status === 'success' ? ACTIONS[kind].again : ACTIONS[kind].label}
      </Button>
    );
  };
  const kinds = (
    [
      'interviewQuestions',
      'valuePropositionCanvas',
      'keyInsights',
      'connectionSuggestions',
    ] as const
  ).filter(has);
  const running = kinds
    .map((k) => view.completions[k])
    .find((g) => g && isGenerationRunning(g.status));
  return (
    <Paper withBorder radius="md" p="sm" data-testid="card-agent">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={6}>AI agent</Title>
          <Group gap="xs">{kinds.map(action)}</Group>
        </Group>
        {props.intro ? (
          <Text size="sm" c="dimmed">
            {props.intro}
          </Text>
        ) : null}
        {running ? <GenerationProgress generation={running} /> : null}
        {kinds.map((k) => (
          <Failed key={k} generation={view.completions[k]} />
        ))}
        <Results view={view} cardId={props.cardId} onChanged={props.onChanged} />
      </Stack>
    </Paper>
  );
}

function Results(p: {
  view: CardGenerationView;
  cardId: string;
  onChanged?: (() => void) | undefined;
}) {
  const { completions, suggestions } = p.view;
  const questions = completions.interviewQuestions?.result?.questions ?? [];
  const canvas = completions.valuePropositionCanvas?.result ?? null;
  const insights = completions.keyInsights;
  const decide = useDecideSuggestion(p.cardId, p.onChanged);
  const sections = [];
  if (questions.length) {
    sections.push(
      <Accordion.Item key="q" value="questions">
        <Accordion.Control>Interview questions ({questions.length})</Accordion.Control>
        <Accordion.Panel>
          <List type="ordered" spacing={4} size="sm" data-testid="interview-questions">
            {questions.map((q) => (
              <List.Item key={q}>{q}</List.Item>
            ))}
          </List>
        </Accordion.Panel>
      </Accordion.Item>,
    );
  }
  if (canvas) {
    sections.push(
      <Accordion.Item key="v" value="canvas">
        <Accordion.Control>Value proposition canvas</Accordion.Control>
        <Accordion.Panel>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" data-testid="value-proposition-canvas">
            {VALUE_PROPOSITION_PARTS.map(([key, label]) => (
              <Paper key={key} withBorder p="xs" radius="sm">
                <Text size="xs" fw={600} tt="uppercase" c="dimmed">
                  {label}
                </Text>
                {canvas[key].length ? (
                  <List size="sm" spacing={2}>
                    {canvas[key].map((item) => (
                      <List.Item key={item}>{item}</List.Item>
                    ))}
                  </List>
                ) : (
                  <Text size="sm" c="dimmed">
                    Nothing in your description yet: find out in interviews.
                  </Text>
                )}
              </Paper>
            ))}
          </SimpleGrid>
        </Accordion.Panel>
      </Accordion.Item>,
    );
  }
  return (
    <Stack gap="xs">
      {insights?.status === 'success' ? (
        <Text size="sm" c="dimmed" data-testid="key-insights-status">
          {insights.result?.written
            ? 'The agent wrote the key insights above from the notes; edit them freely.'
            : 'You wrote key insights yourself, so the agent left them as they are.'}
        </Text>
      ) : null}
      {suggestions.length ? (
        <ConnectionSuggestions suggestions={suggestions} decide={decide} />
      ) : completions.connectionSuggestions?.status === 'success' ? (
        <Text size="sm" c="dimmed">
          The agent found no hypothesis this evidence speaks to. Connect it by hand.
        </Text>
      ) : null}
      {sections.length ? (
        <Accordion multiple defaultValue={['questions', 'canvas']} variant="separated">
          {sections}
        </Accordion>
      ) : null}
      {Object.values(completions).some((c) => c?.fellBack) ? (
        <Badge variant="light" color="gray" size="sm">
          Written by the built-in generator
        </Badge>
      ) : null}
    </Stack>
  );
}
