/** Cohort billing (part 1 §7.3): the cohort's card and adjustments, and a student's editor fee. */
import { useQuery } from '@tanstack/react-query';
import type { Adjustment, BillingInfo } from '@assay/domain';
import { restRequest } from '../../../api/rest.ts';

export interface CohortBilling {
  exists: boolean;
  billingInfo: BillingInfo | null;
  invalidCard: boolean;
  manual: boolean;
}

export const cohortBillingKeys = {
  billing: (cohortId: string) => ['cohorts', 'billing', cohortId] as const,
  adjustments: (cohortId: string) => ['cohorts', 'adjustments', cohortId] as const,
};

export function useCohortBilling(cohortId: string) {
  return useQuery({
    queryKey: cohortBillingKeys.billing(cohortId),
    queryFn: () => restRequest<CohortBilling>(`/api/org/cohorts/${cohortId}/billing`),
  });
}

export function useCohortAdjustments(cohortId: string) {
  return useQuery({
    queryKey: cohortBillingKeys.adjustments(cohortId),
    queryFn: () => restRequest<Adjustment[]>(`/api/org/cohorts/${cohortId}/adjustments`),
  });
}

/** Opens the cohort's account with the card, or replaces the card on file. */
export const saveCohortCard = (cohortId: string, hasAccount: boolean, token: string) =>
  hasAccount
    ? restRequest(`/api/org/cohorts/${cohortId}/billing`, {
        method: 'PUT',
        body: { cohortId, token },
      })
    : restRequest(`/api/org/cohorts/${cohortId}/accounts`, {
        method: 'POST',
        body: { cohortId, token },
      });

/** A student pays their own editor fee for the cohort. */
export const payEditorFee = (profileId: string, cohortId: string, paymentToken: string) =>
  restRequest<{ paid: boolean }>(`/api/org/profiles/${profileId}/cohorts/${cohortId}/accounts`, {
    method: 'POST',
    body: { profileId, cohortId, paymentToken },
  });
