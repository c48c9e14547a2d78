/**
 * /workspace/{projectId}/experiments: the experiment workspace (plan, Run and analyze columns,
 * complete as the fourth) where cards drag between phases under the phase rules, and the
 * experiments list (?view=list), soonest due first.
 */
import {
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  closestCorners,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Menu,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import {
  EXPERIMENT_PHASE_LABELS,
  EXPERIMENT_PHASES,
  EXPERIMENT_TYPE_LABELS,
  type ExperimentPhase,
} from '@assay/domain';
import { isStaleVersion } from '../../../api/card-writes.ts';
import { toApiError } from '../../../api/errors.ts';
import { setCurrentProjectId } from '../../../api/http.ts';
import { useGenerationLimits } from '../../../api/generation.ts';
import { useLiveProject } from '../../../api/live-project.ts';
import { AiExperimentModal } from '../../../ui/agent/ai-experiment-modal.tsx';
import { queryKeys } from '../../../api/query-keys.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { dropTarget, groupBySection, SECTION_PREFIX } from '../../../ui/board-drop.ts';
import { TimingBadge } from '../../../ui/timing-badge.tsx';
import {
  createExperiment,
  moveExperiment,
  useExperimentList,
  useExperimentWorkspace,
  type ExperimentItem,
  type ExperimentWorkspaceData,
} from '../api/experiments.ts';
import { WorkspaceRefusal } from '../../../ui/workspace-refusal.tsx';
import { useSearchText } from '../../../ui/search-text.ts';

function useOpenCard() {
  const [, setParams] = useSearchParams();
  return (cardId: string, tab?: string) =>
    setParams((p) => {
      p.set('cardId', cardId);
      if (tab) p.set('cardTab', tab);
      else p.delete('cardTab');
      return p;
    });
}

function dueLabel(dueDate: string | null) {
  return dueDate ? new Date(dueDate).toLocaleDateString(undefined, { timeZone: 'UTC' }) : null;
}

function ExperimentCard(props: { card: ExperimentItem; onOpen: (id: string) => void }) {
  const { card } = props;
  const sortable = useSortable({ id: card.id, disabled: !card.canEdit });
  return (
    <Paper
      ref={sortable.setNodeRef}
      withBorder
      radius="sm"
      p="xs"
      shadow={sortable.isDragging ? 'md' : undefined}
      style={{
        transform: CSS.Transform.toString(sortable.transform),
        transition: sortable.transition,
        opacity: sortable.isDragging ? 0.6 : 1,
        cursor: card.canEdit ? 'grab' : 'pointer',
      }}
      data-testid="experiment-card"
      {...sortable.attributes}
      {...sortable.listeners}
      role="button"
      aria-label={card.title || 'Untitled experiment'}
      onClick={() => props.onOpen(card.id)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') props.onOpen(card.id);
        else sortable.listeners?.onKeyDown?.(event);
      }}
    >
      <Text size="sm" fw={500} lineClamp={3}>
        {card.title || 'Untitled experiment'}
      </Text>
      <Group gap={4} mt={6}>
        {card.draft ? (
          <Badge size="xs" color="yellow">
            Draft
          </Badge>
        ) : null}
        <Badge size="xs" variant="light" color="gray">
          {EXPERIMENT_TYPE_LABELS[card.experimentType]}
        </Badge>
        <TimingBadge size="xs" timing={card.timing} />
        {card.phase.phase === 'test' && card.phase.phaseReady ? (
          <Badge size="xs" color="green">
            Ready
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {card.evidenceCount} evidence · {card.hypothesisCount} hypotheses
        {card.dueDate ? ` · due ${dueLabel(card.dueDate)}` : ''}
      </Text>
    </Paper>
  );
}

function PhaseColumn(props: {
  phase: ExperimentPhase;
  cards: ExperimentItem[];
  onOpen: (id: string) => void;
}) {
  const droppable = useDroppable({ id: `${SECTION_PREFIX}${props.phase}` });
  return (
    <Paper
      ref={droppable.setNodeRef}
      withBorder
      radius="md"
      p="xs"
      bg={
        droppable.isOver
          ? 'var(--mantine-color-blue-light)'
          : 'light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-6))'
      }
      role="region"
      aria-label={EXPERIMENT_PHASE_LABELS[props.phase]}
      data-testid={`phase-${props.phase}`}
      style={{ minHeight: 240 }}
    >
      <Group justify="space-between" mb={6}>
        <Text fw={600} size="sm">
          {EXPERIMENT_PHASE_LABELS[props.phase]}
        </Text>
        <Badge size="xs" variant="light" color="gray" data-testid="phase-count">
          {props.cards.length}
        </Badge>
      </Group>
      <SortableContext items={props.cards.map((c) => c.id)} strategy={verticalListSortingStrategy}>
        <Stack gap={6}>
          {props.cards.map((card) => (
            <ExperimentCard key={card.id} card={card} onOpen={props.onOpen} />
          ))}
        </Stack>
      </SortableContext>
    </Paper>
  );
}

type Placed = ExperimentItem & { section: string; rank: string };

function Board(props: { data: ExperimentWorkspaceData; projectId: string }) {
  const queryClient = useQueryClient();
  const open = useOpenCard();
  const key = queryKeys.experimentWorkspace(props.projectId);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // By touch (#32): a held press picks the card up, so a swipe still scrolls.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 5 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space'] },
    }),
  );
  const placed: Placed[] = props.data.columns.flatMap((c) =>
    c.cards.map((card) => ({ ...card, section: card.phase.phase, rank: card.phase.rank })),
  );
  const groups = groupBySection(placed);
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [shownPhase, setShownPhase] = useState<ExperimentPhase>('plan');

  const setPlace = (id: string, phase: ExperimentPhase, rank: string, version?: number) =>
    queryClient.setQueryData<ExperimentWorkspaceData>(key, (data) => {
      if (!data) return data;
      const moving = data.columns.flatMap((c) => c.cards).find((c) => c.id === id);
      if (!moving) return data;
      const moved = {
        ...moving,
        version: version ?? moving.version,
        phase: { ...moving.phase, phase, rank },
      };
      return {
        ...data,
        columns: data.columns.map((c) => ({
          ...c,
          cards: [...c.cards.filter((x) => x.id !== id), ...(c.phase === phase ? [moved] : [])],
        })),
      };
    });

  const onDragEnd = (event: DragEndEvent) => {
    if (!event.over) return;
    const id = String(event.active.id);
    const card = placed.find((c) => c.id === id);
    const target = dropTarget(placed, id, String(event.over.id));
    if (!card || !target || !card.canEdit) return;
    const phase = target.section as ExperimentPhase;
    setPlace(id, phase, target.rank);
    moveExperiment(card, {
      rank: target.rank,
      ...(phase !== card.phase.phase ? { phase } : {}),
    })
      .then((saved) => {
        setPlace(id, phase, target.rank, saved.version);
        void queryClient.invalidateQueries({ queryKey: ['experiments', props.projectId] });
        void queryClient.invalidateQueries({ queryKey: queryKeys.card(id) });
        void queryClient.invalidateQueries({ queryKey: ['dashboard', props.projectId] });
      })
      .catch((error: unknown) => {
        // Refused (a phase rule, or someone else's change): the card goes back.
        setPlace(id, card.phase.phase, card.phase.rank);
        showAlert({
          message: toApiError(error).message,
          type: isStaleVersion(error) ? 'info' : 'warning',
        });
        void queryClient.invalidateQueries({ queryKey: key });
      });
  };

  return (
    <DndContext sensors={sensors} collisionDetection={closestCorners} onDragEnd={onDragEnd}>
      {/* On a phone the phases are tabs, one column at a time (#32); a card moves between them
          from its own Move to… buttons. */}
      {phone ? (
        <Stack gap="sm">
          <SegmentedControl
            fullWidth
            aria-label="Phase"
            value={shownPhase}
            onChange={(value) => setShownPhase(value as ExperimentPhase)}
            data={EXPERIMENT_PHASES.map((phase) => ({
              value: phase,
              label: `${EXPERIMENT_PHASE_LABELS[phase]} (${groups.get(phase)?.length ?? 0})`,
            }))}
          />
          <PhaseColumn
            phase={shownPhase}
            cards={groups.get(shownPhase) ?? []}
            onOpen={(cardId) => open(cardId)}
          />
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          {EXPERIMENT_PHASES.map((phase) => (
            <PhaseColumn
              key={phase}
              phase={phase}
              cards={groups.get(phase) ?? []}
              onOpen={(cardId) => open(cardId)}
            />
          ))}
        </SimpleGrid>
      )}
    </DndContext>
  );
}

function ExperimentList(props: { projectId: string }) {
  const open = useOpenCard();
  const [search, setSearch] = useState('');
  const [phases, setPhases] = useState<ExperimentPhase[]>([]);
  const [mine, setMine] = useState(false);
  const searched = useSearchText(search);
  const list = useExperimentList(props.projectId, {
    ...(phases.length ? { phases } : {}),
    ...(searched ? { search: searched } : {}),
    ...(mine ? { mine } : {}),
  });
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end">
        <TextInput
          size="xs"
          label="Search"
          placeholder="Title"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <Checkbox.Group
          size="xs"
          label="Phases"
          value={phases}
          onChange={(v) => setPhases(v as ExperimentPhase[])}
        >
          <Group gap="xs" mt={4}>
            {EXPERIMENT_PHASES.map((p) => (
              <Checkbox key={p} value={p} label={EXPERIMENT_PHASE_LABELS[p]} />
            ))}
          </Group>
        </Checkbox.Group>
        <Checkbox
          size="xs"
          label="Mine"
          checked={mine}
          onChange={(e) => setMine(e.currentTarget.checked)}
        />
      </Group>
      {list.isError ? <WorkspaceRefusal error={list.error} projectId={props.projectId} /> : null}
      {list.data ? (
        list.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            No experiments match.
          </Text>
        ) : (
          <Table striped highlightOnHover data-testid="experiment-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Experiment</Table.Th>
                <Table.Th>Phase</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Timing</Table.Th>
                <Table.Th>Due</Table.Th>
                <Table.Th>Evidence</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>
                    <Anchor component="button" size="sm" onClick={() => open(e.id)}>
                      {e.title || 'Untitled experiment'}
                    </Anchor>
                    {e.draft ? (
                      <Badge size="xs" color="yellow" ml={6}>
                        Draft
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{EXPERIMENT_PHASE_LABELS[e.phase.phase]}</Table.Td>
                  <Table.Td>{EXPERIMENT_TYPE_LABELS[e.experimentType]}</Table.Td>
                  <Table.Td>
                    <TimingBadge timing={e.timing} />
                  </Table.Td>
                  <Table.Td>{dueLabel(e.dueDate) ?? '—'}</Table.Td>
                  <Table.Td>{e.evidenceCount}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )
      ) : list.isError ? null : (
        <Loader aria-label="Loading experiments" />
      )}
    </Stack>
  );
}

export function ExperimentsPage() {
  const { projectId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const open = useOpenCard();
  const workspace = useExperimentWorkspace(projectId);
  const view = params.get('view') === 'list' ? 'list' : 'board';
  const agent = useGenerationLimits().data?.enabled ?? false;
  const [aiExperiment, setAiExperiment] = useState(false);
  useLiveProject(projectId);
  useEffect(() => {
    setCurrentProjectId(projectId);
    return () => setCurrentProjectId(undefined);
  }, [projectId]);
  if (!/^[0-9a-f-]{36}$/i.test(projectId)) return <Navigate to="/not-found" replace />;

  const create = () =>
    void createExperiment(projectId)
      .then((card) => {
        void queryClient.invalidateQueries({ queryKey: ['experiments', projectId] });
        open(card.id, 'plan');
      })
      .catch((error: unknown) =>
        showAlert({ type: 'warning', message: toApiError(error).message }),
      );

  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Stack gap={0}>
          <Title order={2}>Experiments</Title>
          <Anchor component={Link} to={`/workspace/${projectId}/canvas/business`} size="sm">
            {workspace.data?.project.name ?? 'Back to the canvas'}
          </Anchor>
        </Stack>
        <Group gap="xs">
          <SegmentedControl
            value={view}
            onChange={(value) =>
              setParams((p) => {
                if (value === 'list') p.set('view', 'list');
                else p.delete('view');
                return p;
              })
            }
            data={[
              { value: 'board', label: 'Workspace' },
              { value: 'list', label: 'List' },
            ]}
          />
          <Anchor component={Link} to={`/project-dashboard/${projectId}`} size="sm">
            Dashboard
          </Anchor>
          {workspace.data?.project.abilities.createExperiments ? (
            agent ? (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button size="xs">New experiment</Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => setAiExperiment(true)}>AI experiment</Menu.Item>
                  <Menu.Item onClick={create}>Blank experiment</Menu.Item>
                </Menu.Dropdown>
              </Menu>
            ) : (
              <Button size="xs" onClick={create}>
                New experiment
              </Button>
            )
          ) : null}
        </Group>
      </Group>
      {workspace.isError ? (
        <WorkspaceRefusal error={workspace.error} projectId={projectId} />
      ) : !workspace.data ? (
        <Loader aria-label="Loading experiments" />
      ) : view === 'list' ? (
        <ExperimentList projectId={projectId} />
      ) : (
        <Board data={workspace.data} projectId={projectId} />
      )}
      {agent ? (
        <AiExperimentModal
          projectId={projectId}
          opened={aiExperiment}
          onClose={() => setAiExperiment(false)}
          onCreated={(cardId) => {
            void queryClient.invalidateQueries({ queryKey: ['experiments', projectId] });
            open(cardId, 'plan');
          }}
        />
      ) : null}
    </Stack>
  );
}
