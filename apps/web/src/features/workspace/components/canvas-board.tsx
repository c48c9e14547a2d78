/**
 * The business canvas: nine sections and unassigned, grouped by lens (feasibility, desirability,
 * viability), with drag and drop between and within sections.
 */
import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { closestCorners, DndContext, DragOverlay } from '@dnd-kit/core';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CanvasFilters } from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { showAlert } from '../../../ui/alerts.ts';
import {
  updateCanvasLayout,
  updateCanvasSection,
  type CanvasData,
  type CanvasSectionView,
} from '../api/canvas.ts';
import { groupBySection, useBoardDnd } from '../hooks/use-board-dnd.ts';
import { useCreateCard } from '../hooks/use-create-card.ts';
import { GenerationProgress } from '../../../ui/agent/generation-progress.tsx';
import { useSectionGeneration } from '../hooks/use-section-generation.ts';
import { useConnectMode } from '../hooks/use-connect-mode.ts';
import { useBoxSelect } from '../hooks/use-box-select.ts';
import { useSelection } from '../hooks/use-selection.ts';
import { dialogOpen, isTyping } from '../../../ui/shortcuts/keys.ts';
import { CardFace } from './board-card.tsx';
import { ConnectBanner } from './connect-banner.tsx';
import { SelectionBar } from './selection-bar.tsx';
import { RenameModal } from './rename-modal.tsx';
import { LAZY_BOARD_CARDS, SectionColumn } from './section-column.tsx';
import { useHandler } from '../hooks/use-handler.ts';
import { useWindowKeydown } from '../../../ui/shortcuts/use-window-keydown.ts';
import { useDrawnOnce } from '../../../ui/drawn-once.ts';

const LENSES = [
  { key: 'feasibility', title: 'Feasibility' },
  { key: 'desirability', title: 'Desirability' },
  { key: 'viability', title: 'Viability' },
] as const;

/**
 * Opens a card over the board. It reads the query string when called rather than subscribing to
 * it, so a board does not draw again each time a card opens or closes; the same function on
 * every render.
 */
export function useOpenCard() {
  const navigate = useNavigate();
  return useCallback(
    (cardId: string) => {
      const params = new URLSearchParams(window.location.search);
      params.set('cardId', cardId);
      params.set('cardTab', 'details');
      void navigate({ search: `?${params.toString()}` });
    },
    [navigate],
  );
}

type SectionAction = 'ai' | 'rename' | 'hide' | 'earlier' | 'later';

/** A section's menu: what it offers, from who is looking and how the canvas is set. */
function sectionMenu(
  section: CanvasSectionView,
  flags: { agent: boolean; createCards: boolean; manage: boolean; locked: boolean },
): { label: string; action: SectionAction }[] {
  return [
    ...(flags.agent && flags.createCards && section.lens !== null
      ? [{ label: 'Generate hypotheses with AI', action: 'ai' as const }]
      : []),
    ...(flags.manage
      ? [
          ...(flags.locked ? [] : [{ label: 'Rename', action: 'rename' as const }]),
          { label: 'Hide', action: 'hide' as const },
          { label: 'Move earlier', action: 'earlier' as const },
          { label: 'Move later', action: 'later' as const },
        ]
      : []),
  ];
}

/**
 * "n": a new hypothesis in the section that has the focus, else the first one (#32). Kept by the
 * business view rather than the board, so it works from the canvas's first screen on, before the
 * board is drawn (#53). `project` undefined: nothing to do yet.
 */
export function useNewHypothesisKey(
  project: CanvasData['project'] | undefined,
  filters: CanvasFilters,
) {
  const projectId = project?.id ?? '';
  const queryKey = useMemo(() => queryKeys.canvas(projectId, filters), [projectId, filters]);
  const create = useCreateCard({
    projectId,
    queryKey,
    hypothesisType: 'business',
    board: 'canvas',
  });
  useWindowKeydown((event) => {
    if (!project) return;
    if (event.key !== 'n' || event.ctrlKey || event.metaKey || event.altKey) return;
    // Not while typing, nor behind an open card or dialog.
    if (!project.abilities.createCards || isTyping(event.target) || dialogOpen()) return;
    const focused = document.activeElement?.closest('[data-testid^="section-"]');
    const key = focused?.getAttribute('data-testid')?.slice('section-'.length);
    const target =
      project.canvas.sections.find((s) => s.key === key && !s.hidden) ??
      project.canvas.sections.find((s) => !s.hidden);
    if (!target) return;
    event.preventDefault();
    create(target.key);
  });
}

/** The canvas board; drawn again only when its data, filters or agent change (not on a card's opening). */
export const CanvasBoard = memo(function CanvasBoard(props: {
  data: CanvasData;
  filters: CanvasFilters;
  agent?: boolean;
}) {
  const { data } = props;
  const project = data.project;
  const queryClient = useQueryClient();
  const queryKey = useMemo(
    () => queryKeys.canvas(project.id, props.filters),
    [project.id, props.filters],
  );
  const dnd = useBoardDnd({ board: 'canvas', queryKey, cards: data.cards });
  const create = useCreateCard({
    projectId: project.id,
    queryKey,
    hypothesisType: 'business',
    board: 'canvas',
  });
  const openCard = useOpenCard();
  const connect = useConnectMode();
  const selection = useSelection(data.cards);
  const boxSelect = useBoxSelect({ enabled: !connect, onSelect: selection.selectMany });
  const groups = useMemo(() => groupBySection(data.cards), [data.cards]);
  const [renaming, setRenaming] = useState<CanvasSectionView | null>(null);
  const renameDrawn = useDrawnOnce(renaming !== null);
  const manage = project.abilities.manage;
  const sections = project.canvas.sections;
  const visible = sections.filter((s) => !s.hidden);
  const hidden = sections.filter((s) => s.hidden);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['canvas', project.id] });
  const change = (run: () => Promise<unknown>) =>
    void run()
      .then(refresh)
      .catch((error: unknown) =>
        showAlert({ type: 'warning', message: toApiError(error).message }),
      );
  const move = (key: string, by: -1 | 1) => {
    const order = sections.map((s) => s.key);
    const from = order.indexOf(key);
    const to = from + by;
    if (to < 0 || to >= order.length) return;
    order.splice(from, 1);
    order.splice(to, 0, key);
    change(() => updateCanvasLayout({ projectId: project.id, order }));
  };
  const ai = useSectionGeneration(project.id);
  const runMenu = useHandler((key: string, action: SectionAction) => {
    const section = sections.find((s) => s.key === key);
    if (!section) return;
    if (action === 'ai') ai.start(section.key, section.name);
    else if (action === 'rename') setRenaming(section);
    else if (action === 'hide')
      change(() =>
        updateCanvasSection({ projectId: project.id, section: section.key, hidden: true }),
      );
    else move(section.key, action === 'earlier' ? -1 : 1);
  });
  const addTo = useHandler((key: string) => create(key));
  // Each section's props stay the same objects until what they show changes, so the memoised
  // sections (and their cards) are not drawn again when a card opens or the filters bar moves.
  const agent = props.agent === true;
  const createCards = project.abilities.createCards;
  const locked = project.canvas.locked;
  const perSection = useMemo(
    () =>
      new Map(
        sections.map((section) => [
          section.key,
          {
            menu: sectionMenu(section, { agent, createCards, manage, locked }).map((item) => ({
              label: item.label,
              onClick: () => runMenu(section.key, item.action),
            })),
            onAdd: createCards ? () => addTo(section.key) : undefined,
          },
        ]),
      ),
    [sections, agent, createCards, manage, locked, runMenu, addTo],
  );
  // Decided with the board's first drawing: a section keeps what it has drawn as cards come and go.
  const [lazyBoard] = useState(() => data.cards.length > LAZY_BOARD_CARDS);
  const column = (section: CanvasSectionView) => (
    <SectionColumn
      key={section.key}
      sectionKey={section.key}
      name={section.name}
      cards={groups.get(section.key) ?? []}
      onOpen={openCard}
      connect={connect}
      onSelect={selection.toggle}
      selected={selection.ids}
      addLabel={`Add a business hypothesis to ${section.name}`}
      onAdd={perSection.get(section.key)?.onAdd}
      menu={perSection.get(section.key)?.menu}
      lazy={lazyBoard}
    />
  );
  const active = dnd.activeId ? data.cards.find((c) => c.id === dnd.activeId) : undefined;

  return (
    <DndContext
      sensors={dnd.sensors}
      collisionDetection={closestCorners}
      onDragStart={dnd.onDragStart}
      onDragEnd={dnd.onDragEnd}
      onDragCancel={dnd.onDragCancel}
    >
      <Stack gap="lg" ref={boxSelect.container} onPointerDown={boxSelect.onPointerDown}>
        {boxSelect.box ? (
          <div
            data-testid="selection-box"
            aria-hidden
            style={{
              position: 'fixed',
              ...boxSelect.box,
              border: '1px solid var(--mantine-color-blue-6)',
              background: 'color-mix(in srgb, var(--mantine-color-blue-6) 12%, transparent)',
              pointerEvents: 'none',
              zIndex: 10,
            }}
          />
        ) : null}
        {connect ? <ConnectBanner connect={connect} /> : null}
        {!connect && selection.ids.size > 0 ? (
          <SelectionBar selection={selection} sections={sections} projectId={project.id} />
        ) : null}
        {ai.running ? (
          <GenerationProgress
            generation={ai.running}
            label={`Writing hypotheses for ${ai.sectionName}`}
          />
        ) : null}
        {LENSES.map((lens) => {
          const inLens = visible.filter((s) => s.lens === lens.key);
          if (inLens.length === 0) return null;
          return (
            <section key={lens.key} aria-label={lens.title}>
              <Title order={5} c="dimmed" mb={6} tt="uppercase" fz="xs">
                {lens.title}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: inLens.length }} spacing="sm">
                {inLens.map(column)}
              </SimpleGrid>
            </section>
          );
        })}
        {visible.filter((s) => s.lens === null).map(column)}
        {hidden.length && manage ? (
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Hidden sections:
            </Text>
            {hidden.map((s) => (
              <Button
                key={s.key}
                size="compact-xs"
                variant="default"
                onClick={() =>
                  change(() =>
                    updateCanvasSection({ projectId: project.id, section: s.key, hidden: false }),
                  )
                }
              >
                Show {s.name}
              </Button>
            ))}
          </Group>
        ) : null}
      </Stack>
      <DragOverlay>{active ? <CardFace card={active} dragging /> : null}</DragOverlay>
      {renameDrawn ? (
        <RenameModal
          opened={renaming !== null}
          title="Rename section"
          initial={renaming?.name ?? ''}
          resetLabel={`Use "${renaming?.defaultName ?? ''}"`}
          onClose={() => setRenaming(null)}
          onReset={() => {
            if (renaming)
              change(() =>
                updateCanvasSection({ projectId: project.id, section: renaming.key, name: null }),
              );
            setRenaming(null);
          }}
          onSave={(name) => {
            if (renaming)
              change(() =>
                updateCanvasSection({ projectId: project.id, section: renaming.key, name }),
              );
            setRenaming(null);
          }}
        />
      ) : null}
    </DndContext>
  );
});
