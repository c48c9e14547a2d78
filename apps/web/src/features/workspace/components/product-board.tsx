/**
 * A product board: its sections as columns (create, rename, reorder, delete for managers), product
 * ideas dragged between them, and the priority list sorted by the project's scoring method.
 */
import {
  Badge,
  Button,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useSessionStorage } from '@mantine/hooks';
import { closestCorners, DndContext, DragOverlay } from '@dnd-kit/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  computeProductScore,
  PRIORITIZATION_NAMES,
  PRIORITIZATION_OPTIONS,
  priorityValue,
  type CanvasFilters,
  type Prioritization,
} from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { openConfirm } from '../../../ui/confirm.tsx';
import {
  createBoardSection,
  deleteBoardSection,
  renameBoardSection,
  reorderBoardSections,
  setPrioritization,
  type BoardSection,
  type ProductBoardData,
} from '../api/canvas.ts';
import { groupBySection, useBoardDnd } from '../hooks/use-board-dnd.ts';
import { useCreateCard } from '../hooks/use-create-card.ts';
import { CardFace } from './board-card.tsx';
import { useOpenCard } from './canvas-board.tsx';
import { RenameModal } from './rename-modal.tsx';
import { SectionColumn } from './section-column.tsx';

const PRIORITY_FILTERS = ['all', 'scored', 'unscored'] as const;
type PriorityFilter = (typeof PRIORITY_FILTERS)[number];

function PriorityList(props: { data: ProductBoardData; onOpen: (id: string) => void }) {
  const { data } = props;
  const queryClient = useQueryClient();
  const method = data.project.prioritization as Prioritization;
  const byId = new Map(data.cards.map((c) => [c.id, c]));
  // Which ideas the list shows, kept for the browser session (§9 "hypothesisPriorityListFilter").
  const [shown, setShown] = useSessionStorage<PriorityFilter>({
    key: 'hypothesisPriorityListFilter',
    defaultValue: 'all',
    getInitialValueInEffect: false,
  });
  const filter: PriorityFilter = PRIORITY_FILTERS.includes(shown) ? shown : 'all';
  const ranked = data.priority.flatMap((id, index) => {
    const card = byId.get(id);
    if (!card) return [];
    const value = priorityValue(computeProductScore(card.productScore ?? {}), method);
    if ((filter === 'scored' && value === null) || (filter === 'unscored' && value !== null))
      return [];
    return [{ id, index, card, value }];
  });
  return (
    <Paper withBorder p="sm" radius="md" w={280} aria-label="Priority list" role="region">
      <Stack gap="xs">
        <Title order={5}>Priority list</Title>
        <Select
          size="xs"
          label="Scored by"
          disabled={!data.project.abilities.manage}
          allowDeselect={false}
          data={PRIORITIZATION_OPTIONS.map((o) => ({ value: o, label: PRIORITIZATION_NAMES[o] }))}
          value={method}
          onChange={(value) =>
            value &&
            void setPrioritization(data.project.id, value)
              .then(() => queryClient.invalidateQueries({ queryKey: ['board', data.project.id] }))
              .catch((error: unknown) =>
                showAlert({ type: 'warning', message: toApiError(error).message }),
              )
          }
        />
        <SegmentedControl
          size="xs"
          aria-label="Show ideas"
          value={filter}
          onChange={(value) => setShown(value as PriorityFilter)}
          data={[
            { value: 'all', label: 'All' },
            { value: 'scored', label: 'Scored' },
            { value: 'unscored', label: 'Not scored' },
          ]}
        />
        {data.priority.length === 0 ? (
          <Text size="sm" c="dimmed">
            No ideas on this board yet.
          </Text>
        ) : ranked.length === 0 ? (
          <Text size="sm" c="dimmed">
            {filter === 'scored' ? 'No idea is scored yet.' : 'Every idea is scored.'}
          </Text>
        ) : null}
        {ranked.map(({ id, index, card, value }) => {
          return (
            <Group
              key={id}
              justify="space-between"
              wrap="nowrap"
              style={{ cursor: 'pointer' }}
              onClick={() => props.onOpen(id)}
              data-testid="priority-item"
            >
              <Text size="sm" lineClamp={1}>
                {index + 1}. {card.title || 'Untitled draft'}
              </Text>
              <Badge size="sm" variant="light" color={value === null ? 'gray' : 'blue'}>
                {value === null ? '–' : value}
              </Badge>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}

export function ProductBoard(props: {
  data: ProductBoardData;
  sectionType: string;
  filters: CanvasFilters;
}) {
  const { data, sectionType } = props;
  const project = data.project;
  const queryClient = useQueryClient();
  const queryKey = useMemo(
    () => queryKeys.board(project.id, sectionType, props.filters),
    [project.id, sectionType, props.filters],
  );
  const dnd = useBoardDnd({ board: sectionType, queryKey, cards: data.cards });
  const create = useCreateCard({
    projectId: project.id,
    queryKey,
    hypothesisType: 'product',
    board: sectionType,
  });
  const openCard = useOpenCard();
  const groups = useMemo(() => groupBySection(data.cards), [data.cards]);
  const [renaming, setRenaming] = useState<BoardSection | null>(null);
  const [newSection, setNewSection] = useState('');
  const manage = project.abilities.manage;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['board', project.id] });
    void queryClient.invalidateQueries({ queryKey: ['board-sections', project.id] });
  };
  const change = (run: () => Promise<unknown>) =>
    void run()
      .then(refresh)
      .catch((error: unknown) =>
        showAlert({ type: 'warning', message: toApiError(error).message }),
      );
  const move = (key: string, by: -1 | 1) => {
    const keys = data.sections.map((s) => s.key);
    const from = keys.indexOf(key);
    const to = from + by;
    if (to < 0 || to >= keys.length) return;
    keys.splice(from, 1);
    keys.splice(to, 0, key);
    change(() => reorderBoardSections(project.id, sectionType, keys));
  };
  const active = dnd.activeId ? data.cards.find((c) => c.id === dnd.activeId) : undefined;
  const unplaced = data.cards.filter(
    (c) => !c.section || !data.sections.some((s) => s.key === c.section),
  );

  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <ScrollArea style={{ flex: 1 }} type="auto" offsetScrollbars>
        <DndContext
          sensors={dnd.sensors}
          collisionDetection={closestCorners}
          onDragStart={dnd.onDragStart}
          onDragEnd={dnd.onDragEnd}
          onDragCancel={dnd.onDragCancel}
        >
          <Group align="stretch" wrap="nowrap" gap="sm" pb="sm">
            {data.sections.map((section) => (
              <div key={section.key} style={{ width: 260, flex: '0 0 260px' }}>
                <SectionColumn
                  sectionKey={section.key}
                  name={section.name}
                  color={section.color}
                  cards={groups.get(section.key) ?? []}
                  onOpen={openCard}
                  minHeight={320}
                  addLabel={`Add a product idea to ${section.name}`}
                  onAdd={project.abilities.createCards ? () => create(section.key) : undefined}
                  menu={
                    manage
                      ? [
                          ...(section.protected
                            ? []
                            : [{ label: 'Rename', onClick: () => setRenaming(section) }]),
                          { label: 'Move left', onClick: () => move(section.key, -1) },
                          { label: 'Move right', onClick: () => move(section.key, 1) },
                          ...(section.protected || section.isDefault
                            ? []
                            : [
                                {
                                  label: 'Delete',
                                  color: 'red',
                                  onClick: () =>
                                    openConfirm({
                                      title: 'Delete section',
                                      message: `Delete "${section.name}"? Its ideas move to the first section.`,
                                      confirmLabel: 'Delete',
                                      danger: true,
                                      onConfirm: () =>
                                        change(() =>
                                          deleteBoardSection(project.id, sectionType, section.key),
                                        ),
                                    }),
                                },
                              ]),
                        ]
                      : []
                  }
                />
              </div>
            ))}
            {manage ? (
              <Paper withBorder radius="md" p="xs" style={{ width: 220, flex: '0 0 220px' }}>
                <form
                  onSubmit={(event) => {
                    event.preventDefault();
                    if (!newSection.trim()) return;
                    change(() => createBoardSection(project.id, sectionType, newSection.trim()));
                    setNewSection('');
                  }}
                >
                  <TextInput
                    size="xs"
                    label="New section"
                    value={newSection}
                    maxLength={60}
                    onChange={(e) => setNewSection(e.currentTarget.value)}
                  />
                  <Button size="xs" mt="xs" type="submit" disabled={!newSection.trim()}>
                    Add section
                  </Button>
                </form>
              </Paper>
            ) : null}
          </Group>
          <DragOverlay>{active ? <CardFace card={active} dragging /> : null}</DragOverlay>
        </DndContext>
        {unplaced.length ? (
          <Text size="xs" c="dimmed">
            {unplaced.length} idea(s) have no section on this board; open one to place it.
          </Text>
        ) : null}
      </ScrollArea>
      <PriorityList data={data} onOpen={openCard} />
      <RenameModal
        opened={renaming !== null}
        title="Rename section"
        initial={renaming?.name ?? ''}
        onClose={() => setRenaming(null)}
        onSave={(name) => {
          if (renaming)
            change(() => renameBoardSection(project.id, sectionType, renaming.key, name));
          setRenaming(null);
        }}
      />
    </Group>
  );
}
