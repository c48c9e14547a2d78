/**
 * A member's guidance (part 2 §9): the getting-started checklist and the first-time tips seen;
 * shared by the organisation home (checklist) and the card detail (tips).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChecklistItem, GuidancePatch, TipCardType } from '@assay/domain';
import { gatewayRequest } from './gateway.ts';

export interface GettingStarted {
  showChecklist: boolean;
  seen: Record<TipCardType, boolean>;
  items: { key: ChecklistItem; label: string; done: boolean }[];
  progress: { done: number; total: number; complete: boolean };
}

const FIELDS = 'showChecklist seen items { key label done } progress { done total complete }';

export const gettingStartedQuery = queryOptions({
  queryKey: ['getting-started'],
  queryFn: () =>
    gatewayRequest<{ gettingStarted: GettingStarted }>(
      `query GettingStarted { gettingStarted { ${FIELDS} } }`,
    ).then((d) => d.gettingStarted),
});

export const useGettingStarted = (enabled = true) => useQuery({ ...gettingStartedQuery, enabled });

/** Hides or shows the checklist, or marks a tip seen; the answer replaces the cached state. */
export function useUpdateGuidance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: GuidancePatch) =>
      gatewayRequest<{ updateGuidance: GettingStarted }>(
        `mutation UpdateGuidance($p: JSON!) { updateGuidance(patch: $p) { ${FIELDS} } }`,
        { p: patch },
      ).then((d) => d.updateGuidance),
    // "Got it" hides the tip at once, and a checklist refresh already on its way cannot bring it back.
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: gettingStartedQuery.queryKey });
      queryClient.setQueryData<GettingStarted>(gettingStartedQuery.queryKey, (state) =>
        state
          ? {
              ...state,
              showChecklist: patch.showChecklist ?? state.showChecklist,
              seen: { ...state.seen, ...patch.seen },
            }
          : state,
      );
    },
    onSuccess: (state) => queryClient.setQueryData(gettingStartedQuery.queryKey, state),
  });
}
