/**
 * What to test next (issue #24): the hypotheses that matter with little, weak or disputed
 * evidence and no experiment under way, most urgent first, each with why and one step to take —
 * plan an experiment (blank, or by the agent), have the agent write interview questions, or give
 * it an owner.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Menu,
  Paper,
  Select,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { isGenerationRunning } from '@assay/domain';
import { toApiError } from '../../api/errors.ts';
import { generateCardCompletion, generateExperiment, useGeneration } from '../../api/generation.ts';
import { queryKeys } from '../../api/query-keys.ts';
import {
  assignOwner,
  draftExperiment,
  useOwners,
  useTestNext,
  type TestNextItem,
} from '../../api/test-next.ts';
import { showAlert } from '../alerts.ts';
import { CONFIDENCE_LOOK, confidenceSummary } from '../confidence.ts';
import { LazyMenu } from '../lazy-menu.tsx';

export interface TestNextProps {
  projectId: string;
  /** Whether the organisation has the AI agent (its actions show only then). */
  agent: boolean;
  /** Whether the project keeps experiments. */
  experiments: boolean;
  limit: number;
  /** Opens a card: the hypothesis, or an experiment just made. */
  onOpen: (card: { id: string; type: 'hypothesis' | 'experiment' }) => void;
}

function Owner(props: { item: TestNextItem; projectId: string }) {
  const [open, setOpen] = useState(false);
  const owners = useOwners(open);
  const queryClient = useQueryClient();
  if (!open)
    return (
      <Button size="compact-xs" variant="subtle" onClick={() => setOpen(true)}>
        Assign an owner
      </Button>
    );
  return (
    <Select
      size="xs"
      w={180}
      autoFocus
      searchable
      placeholder="Who owns it?"
      aria-label={`Owner of ${props.item.title}`}
      data={(owners.data ?? [])
        .filter((m) => !props.item.members.includes(m.id))
        .map((m) => ({ value: m.id, label: `${m.firstName} ${m.lastName}`.trim() || m.id }))}
      onChange={(profileId) => {
        if (!profileId) return;
        setOpen(false);
        assignOwner(props.item, profileId)
          .then(() =>
            queryClient.invalidateQueries({ queryKey: queryKeys.dashboard(props.projectId) }),
          )
          .then(() => showAlert({ message: 'Owner assigned.', type: 'success' }))
          .catch((error: unknown) =>
            showAlert({ type: 'warning', message: toApiError(error).message }),
          );
      }}
      onBlur={() => setOpen(false)}
    />
  );
}

/**
 * Waits for the agent's experiment and opens it. It lives with the panel, not the item: the
 * hypothesis leaves the list as soon as its experiment exists (the list refreshes live), which
 * can be before the agent's status says it is done — the item, and a watcher inside it, would be
 * gone by then and the experiment never open.
 */
function PlannedByAgent(props: {
  generationId: string;
  projectId: string;
  onOpen: TestNextProps['onOpen'];
  onFinished: (generationId: string) => void;
}) {
  const queryClient = useQueryClient();
  const generation = useGeneration(props.generationId);
  const { generationId, onOpen, onFinished, projectId } = props;
  useEffect(() => {
    const g = generation.data;
    if (!g || isGenerationRunning(g.status)) return;
    onFinished(generationId);
    if (g.status === 'success' && typeof g.result?.cardId === 'string') {
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard(projectId) });
      onOpen({ id: g.result.cardId, type: 'experiment' });
    } else
      showAlert({
        type: 'warning',
        message: g.error ?? 'The agent could not plan the experiment.',
      });
  }, [generation.data, generationId, onOpen, onFinished, projectId, queryClient]);
  return null;
}

function Item(
  props: TestNextProps & {
    item: TestNextItem;
    /** The agent started planning (its run is watched by the panel). */
    onAgentStarted: (generationId: string) => void;
    agentRunning: boolean;
  },
) {
  const { item } = props;
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const { onOpen, projectId } = props;
  const fail = (error: unknown) =>
    showAlert({ type: 'warning', message: toApiError(error).message });
  const blank = () => {
    setBusy(true);
    draftExperiment(item.id)
      .then(async (made) => {
        await queryClient.invalidateQueries({ queryKey: queryKeys.dashboard(projectId) });
        onOpen({ id: made.cardId, type: 'experiment' });
      })
      .catch(fail)
      .finally(() => setBusy(false));
  };
  const byAgent = () =>
    void generateExperiment(item.id)
      .then((g) => props.onAgentStarted(g.id))
      .catch(fail);
  const questions = () =>
    void generateCardCompletion(item.id, 'interviewQuestions')
      .then(() => onOpen({ id: item.id, type: 'hypothesis' }))
      .catch(fail);
  const look = CONFIDENCE_LOOK[item.confidence.state];
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="test-next-item" data-card-id={item.id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <UnstyledButton onClick={() => onOpen({ id: item.id, type: 'hypothesis' })}>
            <Anchor component="span" fw={500} size="sm" lineClamp={2}>
              {item.title || 'Untitled'}
            </Anchor>
          </UnstyledButton>
          <Text size="xs" c="dimmed" data-testid="test-next-reason">
            {item.reasonText}
          </Text>
        </Stack>
        <Badge
          size="sm"
          variant="light"
          color={look.color}
          title={confidenceSummary(item.confidence)}
        >
          {look.label}
        </Badge>
      </Group>
      {item.canEdit ? (
        <Group gap={4} mt={6}>
          {props.experiments ? (
            props.agent ? (
              <LazyMenu
                position="bottom-start"
                target={
                  <Button size="compact-xs" loading={busy || props.agentRunning}>
                    Plan an experiment
                  </Button>
                }
              >
                <Menu.Item onClick={blank}>Blank experiment</Menu.Item>
                <Menu.Item onClick={byAgent}>With the AI agent</Menu.Item>
              </LazyMenu>
            ) : (
              <Button size="compact-xs" loading={busy} onClick={blank}>
                Plan an experiment
              </Button>
            )
          ) : null}
          {props.agent ? (
            <Button size="compact-xs" variant="light" onClick={questions}>
              Interview questions
            </Button>
          ) : null}
          <Owner item={item} projectId={projectId} />
        </Group>
      ) : null}
    </Paper>
  );
}

export function TestNextPanel(props: TestNextProps) {
  const list = useTestNext(props.projectId, props.limit);
  // The agent's runs, by the hypothesis they plan for.
  const [running, setRunning] = useState<{ generationId: string; cardId: string }[]>([]);
  const finished = useCallback(
    (generationId: string) =>
      setRunning((all) => all.filter((r) => r.generationId !== generationId)),
    [],
  );
  // A project without business hypotheses has nothing to list.
  if (list.isError && toApiError(list.error).statusCode === 403) return null;
  return (
    <Stack gap="xs" data-testid="test-next">
      <Title order={4}>What to test next</Title>
      {running.map((r) => (
        <PlannedByAgent
          key={r.generationId}
          generationId={r.generationId}
          projectId={props.projectId}
          onOpen={props.onOpen}
          onFinished={finished}
        />
      ))}
      {list.isError ? (
        <Alert color="red">{toApiError(list.error).message}</Alert>
      ) : !list.data ? (
        <Loader size="sm" aria-label="Loading what to test next" />
      ) : list.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing urgent: every hypothesis that matters has evidence or an experiment under way.
        </Text>
      ) : (
        list.data.map((item) => (
          <Item
            key={item.id}
            {...props}
            item={item}
            agentRunning={running.some((r) => r.cardId === item.id)}
            onAgentStarted={(generationId) =>
              setRunning((all) => [...all, { generationId, cardId: item.id }])
            }
          />
        ))
      )}
    </Stack>
  );
}
