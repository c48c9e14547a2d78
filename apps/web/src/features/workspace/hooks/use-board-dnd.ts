/**
 * Drag and drop on a board: a card dropped on another card takes its place, dropped on a section
 * goes to its end. The move shows at once with a fractional rank between its new neighbours and
 * is confirmed by the server; a failure puts it back.
 */
import {
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { isStaleVersion } from '../../../api/card-writes.ts';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { dropTarget } from '../../../ui/board-drop.ts';
import { moveCard, type BoardCard } from '../api/canvas.ts';

export { dropTarget, groupBySection, SECTION_PREFIX } from '../../../ui/board-drop.ts';

export function useBoardDnd(options: { board: string; queryKey: QueryKey; cards: BoardCard[] }) {
  const queryClient = useQueryClient();
  const [activeId, setActiveId] = useState<string | null>(null);
  const sensors = useSensors(
    // A short drag threshold keeps clicks opening the card.
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // By touch (#32): a press held a quarter second picks the card up, so a swipe still scrolls.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 5 } }),
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
      // A read of the board already on its way (from before the drop) must not land after it
      // and put the card back where it was.
      void queryClient.cancelQueries({ queryKey });
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
