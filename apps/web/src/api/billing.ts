/** Billing calls (part 1 §7.3) and the card tokenizer of the payments provider. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  Adjustment,
  BillingInfo,
  CouponInfo,
  Invoice,
  InvoiceAddress,
  SubscribePlanCode,
  Subscription,
} from '@assay/domain';
import { httpFetch, readJson } from './http.ts';
import { restRequest } from './rest.ts';

export interface PaymentsConfig {
  provider: 'sandbox' | 'recurly';
  tokenUrl: string | null;
  publicKey: string | null;
  scriptUrl: string | null;
}

export interface CardFields {
  firstName: string;
  lastName: string;
  number: string;
  month: string;
  year: string;
  cvv: string;
}

/** The tokenizer's answer: a token, or the validation error with the wrong fields. */
export type TokenAnswer =
  { id: string } | { error: { code: string; message: string; fields?: string[] } };

const base = (organizationId: string) => `/api/org/organizations/${organizationId}`;

export const paymentsConfigQuery = queryOptions({
  queryKey: ['payments', 'config'],
  queryFn: () => restRequest<PaymentsConfig>('/api/payments/config'),
  staleTime: Infinity,
});

/** Sends the card fields to the processor's tokenizer (never to the app's own routes). */
export async function tokenizeCard(config: PaymentsConfig, card: CardFields): Promise<TokenAnswer> {
  if (!config.tokenUrl) {
    return {
      error: { code: 'unavailable', message: 'Card payments are not available here right now.' },
    };
  }
  const response = await httpFetch(config.tokenUrl, {
    method: 'POST',
    body: {
      first_name: card.firstName,
      last_name: card.lastName,
      number: card.number,
      month: card.month,
      year: card.year,
      cvv: card.cvv,
    },
  });
  return (await readJson(response)) as TokenAnswer;
}

export const billingQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['billing', organizationId, 'info'],
    queryFn: () =>
      restRequest<{
        exists: boolean;
        billingInfo: BillingInfo | null;
        invoiceAddress?: InvoiceAddress | null;
      }>(`${base(organizationId)}/billing`),
  });

export const subscriptionQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['billing', organizationId, 'subscription'],
    queryFn: async () => {
      const response = await httpFetch(`${base(organizationId)}/subscriptions`);
      if (response.status === 404) return null;
      if (!response.ok) return restRequest<Subscription>(`${base(organizationId)}/subscriptions`);
      return (await readJson(response)) as Subscription;
    },
  });

export const invoicesQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['billing', organizationId, 'invoices'],
    queryFn: () => restRequest<Invoice[]>(`${base(organizationId)}/invoices`),
  });

export const adjustmentsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['billing', organizationId, 'adjustments'],
    queryFn: () => restRequest<Adjustment[]>(`${base(organizationId)}/adjustments`),
  });

export const usePaymentsConfig = () => useQuery(paymentsConfigQuery);

export const checkCoupon = (organizationId: string, code: string) =>
  restRequest<CouponInfo>(`${base(organizationId)}/coupons/${encodeURIComponent(code)}`);

export interface SubscribeAnswer {
  subscription: Subscription;
  billingInfo: BillingInfo | null;
  adjustments: Adjustment[];
}

export const subscribe = (
  organizationId: string,
  input: {
    planCode: SubscribePlanCode;
    paymentToken?: string;
    couponCode?: string | null;
    invoiceAddress?: InvoiceAddress;
  },
) =>
  restRequest<SubscribeAnswer>(`${base(organizationId)}/subscription`, {
    method: 'POST',
    body: input,
  });

export const changePlan = (organizationId: string, planCode: SubscribePlanCode) =>
  restRequest<SubscribeAnswer>(`${base(organizationId)}/subscriptions`, {
    method: 'PUT',
    body: { planCode },
  });

export const cancelSubscription = (organizationId: string) =>
  restRequest<Subscription>(`${base(organizationId)}/subscriptions`, { method: 'DELETE' });

export const reactivateSubscription = (organizationId: string) =>
  restRequest<Subscription>(`${base(organizationId)}/subscriptions`, { method: 'PATCH', body: {} });

export const updateCard = (organizationId: string, token: string) =>
  restRequest<{ exists: boolean; billingInfo: BillingInfo }>(`${base(organizationId)}/billing`, {
    method: 'PUT',
    body: { token },
  });

export const updateInvoiceAddress = (organizationId: string, address: InvoiceAddress) =>
  restRequest<InvoiceAddress>(`${base(organizationId)}/billing/address`, {
    method: 'PUT',
    body: address,
  });

export const invoiceFileUrl = (organizationId: string, invoiceId: string) =>
  restRequest<{ url: string }>(
    `${base(organizationId)}/invoices/${encodeURIComponent(invoiceId)}?format=pdf`,
  ).then((answer) => answer.url);
