/**
 * Creating a hypothesis from the picker: a card with a temporary id shows at once, then the
 * server's card takes its place (or it goes, with the reason), and its detail opens.
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { rankBetween } from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { createHypothesis, type BoardCard } from '../api/canvas.ts';
import { groupBySection } from './use-board-dnd.ts';

export function useCreateCard(options: {
  projectId: string;
  queryKey: QueryKey;
  hypothesisType: 'business' | 'product';
  board: string;
}) {
  const queryClient = useQueryClient();
  const [, setParams] = useSearchParams();
  const { projectId, queryKey, hypothesisType, board } = options;

  return useCallback(
    (section: string, templateId?: string) => {
      const data = queryClient.getQueryData<{ cards: BoardCard[] }>(queryKey);
      const last =
        groupBySection(data?.cards ?? [])
          .get(section)
          ?.at(-1)?.rank ?? null;
      const rank = rankBetween(last, null);
      const unverifiedId = `temp-${crypto.randomUUID()}`;
      const temporary: BoardCard = {
        id: unverifiedId,
        title: '',
        draft: true,
        version: 1,
        tags: [],
        viewed: false,
        section,
        rank,
        businessStatus: 'inTesting',
        result: 'none',
        risky: false,
        productStatus: null,
        canEdit: true,
        pending: true,
      };
      const setCards = (change: (cards: BoardCard[]) => BoardCard[]) =>
        queryClient.setQueryData<{ cards: BoardCard[] }>(queryKey, (d) =>
          d ? { ...d, cards: change(d.cards) } : d,
        );
      setCards((cards) => [...cards, temporary]);
      createHypothesis({
        projectId,
        hypothesisType,
        board,
        section,
        rank,
        unverifiedId,
        templateId,
      })
        .then((card) => {
          setCards((cards) =>
            cards.map((c) =>
              c.id === unverifiedId
                ? {
                    ...temporary,
                    id: card.id,
                    version: card.version,
                    title: card.title,
                    pending: false,
                  }
                : c,
            ),
          );
          setParams((p) => {
            p.set('cardId', card.id);
            p.set('cardTab', 'details');
            return p;
          });
        })
        .catch((error: unknown) => {
          setCards((cards) => cards.filter((c) => c.id !== unverifiedId));
          showAlert({ type: 'warning', message: toApiError(error).message });
        });
    },
    [board, hypothesisType, projectId, queryClient, queryKey, setParams],
  );
}
