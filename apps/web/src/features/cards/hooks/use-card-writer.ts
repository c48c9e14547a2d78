/**
 * Writes to one card: optimistic where the spec says so, reverted on failure; a stale version
 * reloads the card with a clear message, so nothing someone else saved is overwritten.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isStaleVersion } from '../../../api/card-writes.ts';
import { toApiError } from '../../../api/errors.ts';
import { cardViewKeys, queryKeys } from '../../../api/query-keys.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { storeCard, type CardDetail } from '../api/card.ts';

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
      options: { optimistic?: (card: CardDetail) => CardDetail; views?: boolean } = {},
    ): Promise<CardDetail | null> => {
      const key = queryKeys.card(cardId);
      const before = queryClient.getQueryData<CardDetail>(key);
      if (!before) return null;
      if (options.optimistic) queryClient.setQueryData(key, options.optimistic(before));
      try {
        const saved = await run(before);
        storeCard(queryClient, saved);
        if (options.views) refreshViews();
        return saved;
      } catch (error) {
        if (options.optimistic) queryClient.setQueryData(key, before);
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
