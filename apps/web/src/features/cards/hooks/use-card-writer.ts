/**
 * Writes to one card: optimistic where the spec says so, reverted on failure; a stale version
 * reloads the card with a clear message, so nothing someone else saved is overwritten.
 *
 * Writes to a card are answered in order (the write queue). While some are still on their way,
 * what the screen shows is the last answer with the optimistic changes of the writes still
 * waiting laid over it: the answer to an earlier write (a title saved a moment before) never
 * turns a switch just clicked back off.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { cardWriteKey, isStaleVersion } from '../../../api/card-writes.ts';
import { toApiError } from '../../../api/errors.ts';
import { cardViewKeys, queryKeys } from '../../../api/query-keys.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { storeCard, type CardDetail } from '../api/card.ts';
import { flushEdits } from './pending-edits.ts';

type Change = (card: CardDetail) => CardDetail;

/** Per card: the last card the server answered, and the optimistic changes still waiting. */
const inFlight = new Map<string, { base: CardDetail; changes: Set<Change> }>();

function show(queryClient: QueryClient, cardId: string) {
  const state = inFlight.get(cardId);
  if (!state) return;
  let card = state.base;
  for (const change of state.changes) card = change(card);
  queryClient.setQueryData(queryKeys.card(cardId), card);
}

/** A write begins: its optimistic change shows at once, over whatever is already waiting. */
export function beginCardWrite(
  queryClient: QueryClient,
  cardId: string,
  before: CardDetail,
  change: Change | undefined,
): Change {
  const own: Change = change ?? ((card) => card);
  const state = inFlight.get(cardId) ?? { base: before, changes: new Set<Change>() };
  state.changes.add(own);
  inFlight.set(cardId, state);
  if (change) show(queryClient, cardId);
  return own;
}

/**
 * A write ends: its answer (or, on failure, the last answer) becomes the base and the changes
 * still waiting are laid over it again.
 */
export function endCardWrite(
  queryClient: QueryClient,
  cardId: string,
  own: Change,
  saved: CardDetail | null,
) {
  const state = inFlight.get(cardId);
  if (saved) storeCard(queryClient, saved);
  if (!state) return;
  state.changes.delete(own);
  if (saved) state.base = saved;
  if (state.changes.size === 0) {
    inFlight.delete(cardId);
    // A failure with nothing waiting puts the last answer back.
    if (!saved) queryClient.setQueryData(queryKeys.card(cardId), state.base);
    return;
  }
  show(queryClient, cardId);
}

export function useCardWriter(cardId: string) {
  const queryClient = useQueryClient();

  const refreshViews = useCallback(() => {
    for (const key of cardViewKeys) void queryClient.invalidateQueries({ queryKey: key });
  }, [queryClient]);

  /**
   * Runs a write. `optimistic` changes the cached card at once; on failure it is put back.
   * `views` refreshes the canvas and lists afterwards (for what they show).
   */
  const write = useCallback(
    async (
      run: (card: CardDetail) => Promise<CardDetail>,
      options: {
        optimistic?: Change;
        views?: boolean;
        /** Save the card's waiting edits first (an action that depends on what was typed). */
        afterEdits?: boolean;
      } = {},
    ): Promise<CardDetail | null> => {
      if (options.afterEdits) await flushEdits(cardWriteKey(cardId));
      const key = queryKeys.card(cardId);
      const before = queryClient.getQueryData<CardDetail>(key);
      if (!before) return null;
      const own = beginCardWrite(queryClient, cardId, before, options.optimistic);
      try {
        const saved = await run(before);
        endCardWrite(queryClient, cardId, own, saved);
        if (options.views) refreshViews();
        return saved;
      } catch (error) {
        endCardWrite(queryClient, cardId, own, null);
        const apiError = toApiError(error);
        showAlert({ message: apiError.message, type: isStaleVersion(error) ? 'info' : 'warning' });
        if (isStaleVersion(error)) await queryClient.invalidateQueries({ queryKey: key });
        throw apiError;
      }
    },
    [cardId, queryClient, refreshViews],
  );

  return { write, refreshViews };
}
