/**
 * Drag and drop on a board: a card dropped on another card takes its place, dropped on a section
 * goes to its end. The move shows at once with a fractional rank between its new neighbours and
 * is confirmed by the server; a failure puts it back.
 */
import {
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { rankBetween } from '@assay/domain';
import { isStaleVersion } from '../../../api/card-writes.ts';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { moveCard, type BoardCard } from '../api/canvas.ts';

export const SECTION_PREFIX = 'section:';

/** Cards of each section in rank order. */
export function groupBySection(cards: BoardCard[]): Map<string, BoardCard[]> {
  const groups = new Map<string, BoardCard[]>();
  for (const card of cards) {
    const key = card.section ?? '';
    const list = groups.get(key) ?? [];
    list.push(card);
    groups.set(key, list);
  }
  for (const list of groups.values()) {
    list.sort((a, b) =>
      (a.rank ?? '') < (b.rank ?? '')
        ? -1
        : (a.rank ?? '') > (b.rank ?? '')
          ? 1
          : a.id < b.id
            ? -1
            : 1,
    );
  }
  return groups;
}

/** Where a dropped card goes: its section and rank, or null when nothing changes. */
export function dropTarget(
  cards: BoardCard[],
  activeId: string,
  overId: string,
): { section: string; rank: string } | null {
  const active = cards.find((c) => c.id === activeId);
  if (!active) return null;
  const groups = groupBySection(cards);
  let section: string;
  let before: BoardCard | undefined;
  let after: BoardCard | undefined;
  if (overId.startsWith(SECTION_PREFIX)) {
    // Dropped on the section itself: to its end.
    section = overId.slice(SECTION_PREFIX.length);
    const list = (groups.get(section) ?? []).filter((c) => c.id !== activeId);
    before = list.at(-1);
  } else {
    const over = cards.find((c) => c.id === overId);
    if (!over || over.id === active.id) return null;
    section = over.section ?? '';
    const list = groups.get(section) ?? [];
    const overIndex = list.findIndex((c) => c.id === over.id);
    const activeIndex = list.findIndex((c) => c.id === active.id);
    if (activeIndex !== -1) {
      // Within a section the card takes the place of the one it is dropped on.
      const moved = list.filter((c) => c.id !== activeId);
      moved.splice(overIndex, 0, active);
      before = moved[overIndex - 1];
      after = moved[overIndex + 1];
    } else {
      before = list[overIndex - 1];
      after = list[overIndex];
    }
  }
  if (section === active.section) {
    const own = groups.get(section) ?? [];
    const at = own.findIndex((c) => c.id === activeId);
    if (own[at - 1]?.id === before?.id && own[at + 1]?.id === after?.id) return null;
  }
  return { section, rank: rankBetween(before?.rank ?? null, after?.rank ?? null) };
}

export function useBoardDnd(options: { board: string; queryKey: QueryKey; cards: BoardCard[] }) {
  const queryClient = useQueryClient();
  const [activeId, setActiveId] = useState<string | null>(null);
  const sensors = useSensors(
    // A short drag threshold keeps clicks opening the card.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      // Enter opens a card; Space picks it up and puts it down.
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space'] },
    }),
  );
  const { board, queryKey, cards } = options;

  const onDragStart = useCallback(
    (event: DragStartEvent) => setActiveId(String(event.active.id)),
    [],
  );
  const onDragCancel = useCallback(() => setActiveId(null), []);
  const onDragEnd = useCallback(
    (event: DragEndEvent) => {
      setActiveId(null);
      if (!event.over) return;
      const id = String(event.active.id);
      const target = dropTarget(cards, id, String(event.over.id));
      const card = cards.find((c) => c.id === id);
      if (!target || !card || !card.canEdit || card.pending) return;
      const patch = (change: Partial<BoardCard>) =>
        queryClient.setQueryData<{ cards: BoardCard[] }>(queryKey, (data) =>
          data
            ? { ...data, cards: data.cards.map((c) => (c.id === id ? { ...c, ...change } : c)) }
            : data,
        );
      patch({ section: target.section, rank: target.rank });
      moveCard(card, board, target.section, target.rank)
        .then((saved) => patch({ version: saved.version }))
        .catch((error: unknown) => {
          patch({ section: card.section, rank: card.rank });
          showAlert({
            message: toApiError(error).message,
            type: isStaleVersion(error) ? 'info' : 'warning',
          });
          void queryClient.invalidateQueries({ queryKey });
        });
    },
    [board, cards, queryClient, queryKey],
  );

  return { sensors, onDragStart, onDragEnd, onDragCancel, activeId };
}
