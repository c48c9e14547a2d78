/**
 * Several cards at once on the canvas (#26): shift-click (or Ctrl/Cmd-click) adds a card to the
 * selection or takes it out, and a box drawn on the board selects the cards it touches; then move them to a section, tag them, or connect them to a piece of
 * evidence together. Escape clears the selection. Each card's write goes in its own turn.
 */
import { useHotkeys } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { rankBetween } from '@assay/domain';
import { connectCard, setCardTag } from '../../../api/connections.ts';
import { toApiError } from '../../../api/errors.ts';
import { cardViewKeys, queryKeys } from '../../../api/query-keys.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { moveCard, type BoardCard } from '../api/canvas.ts';

export interface Selection {
  ids: ReadonlySet<string>;
  toggle(cardId: string): void;
  /** The cards a drawn box touched: the selection, or added to it. */
  selectMany(cardIds: readonly string[], add: boolean): void;
  clear(): void;
  moveTo(section: string): Promise<void>;
  tag(tag: string): Promise<void>;
  connectTo(evidenceId: string): Promise<void>;
}

export function useSelection(cards: BoardCard[]): Selection {
  const queryClient = useQueryClient();
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  const clear = useCallback(() => setIds(new Set()), []);
  useHotkeys(ids.size > 0 ? [['Escape', clear]] : []);

  return useMemo(() => {
    const chosen = () => cards.filter((c) => ids.has(c.id) && c.canEdit);
    const refresh = () => {
      for (const view of cardViewKeys) void queryClient.invalidateQueries({ queryKey: view });
      for (const id of ids) void queryClient.invalidateQueries({ queryKey: queryKeys.card(id) });
    };
    /** Runs the work for each chosen card in turn; says how many were refused, if any. */
    const each = async (work: (card: BoardCard) => Promise<unknown>) => {
      let refused = 0;
      let message = '';
      for (const card of chosen()) {
        try {
          await work(card);
        } catch (error) {
          refused += 1;
          message = toApiError(error).message;
        }
      }
      refresh();
      if (refused) showAlert({ type: 'warning', message: `${refused} not changed: ${message}` });
    };
    return {
      ids,
      toggle: (cardId) =>
        setIds((current) => {
          const next = new Set(current);
          if (next.has(cardId)) next.delete(cardId);
          else next.add(cardId);
          return next;
        }),
      selectMany: (cardIds, add) =>
        setIds((current) => new Set([...(add ? current : []), ...cardIds])),
      clear,
      moveTo: async (section) => {
        // In the order they are on the canvas, at the end of the section.
        let last =
          cards
            .filter((c) => c.section === section && !ids.has(c.id))
            .map((c) => c.rank ?? '')
            .sort()
            .at(-1) ?? null;
        await each(async (card) => {
          const rank = rankBetween(last, null);
          last = rank;
          await moveCard(card, 'canvas', section, rank);
        });
      },
      tag: (tag) => each((card) => setCardTag(card.id, tag, true)),
      connectTo: (evidenceId) => each((card) => connectCard(evidenceId, card.id)),
    };
  }, [cards, ids, clear, queryClient]);
}
