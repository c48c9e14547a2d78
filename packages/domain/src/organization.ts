/** The organisation's settings shapes, their defaults, and derived flags (part 1 §3, §4.3). */
import type { LANGUAGES } from './limits.ts';
import { TIMERS } from './limits.ts';
import type { InvoiceAddress } from './invoices.ts';

export interface OrganizationBilling {
  subscriptionUUID?: string | null;
  accountCode?: string | null;
  planCode?: string | null;
  expirationDate?: string | null;
  invalidCard?: boolean;
  cardOnFile?: boolean;
  manual?: boolean;
  /** When the card on file stops working: the end of its expiry month. */
  cardExpiresAt?: string | null;
  /** The Starter (basic) tier's project: kept while the tier is basic (part 1 §4.3). */
  basicProjectId?: string | null;
  /** The subscription's state as the processor last told it (#30). */
  subscriptionState?: 'active' | 'canceled' | 'expired' | null;
  /** Who invoices are made out to (#30). */
  invoiceAddress?: InvoiceAddress | null;
  /** The card expiry the owners were last told is coming (#30), so they are told once. */
  cardReminderFor?: string | null;
  /** The past-due invoice the owners were told the grace of is ending (once per invoice). */
  graceReminderFor?: string | null;
  /** A renewal whose payment failed and is being retried (dunning, #30). */
  pastDue?: { invoiceId: string; since: string; retries: string[]; expiresOn: string } | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Derived billing flags, computed in one place: invalid when there is neither a subscription nor
 * a manual arrangement; expired after the expiration date, with a 7-day grace when the card is
 * invalid.
 */
export function organizationBillingStatus(
  billing: OrganizationBilling | null | undefined,
  now = new Date(),
) {
  const b = billing ?? {};
  const invalidSubscription = !b.subscriptionUUID && !b.manual;
  const graceDays = TIMERS.cardGraceDays * DAY_MS;
  const cardEnd = b.cardExpiresAt ? new Date(b.cardExpiresAt).getTime() : null;
  // A card past its expiry is invalid; the plan keeps working for the grace days after it.
  const invalidCard = b.invalidCard === true || (cardEnd !== null && now.getTime() > cardEnd);
  let isExpired = false;
  if (b.expirationDate) {
    const grace = invalidCard ? graceDays : 0;
    isExpired = now.getTime() > new Date(b.expirationDate).getTime() + grace;
  }
  if (!b.manual && cardEnd !== null && now.getTime() > cardEnd + graceDays) isExpired = true;
  // The processor said the subscription expired (its dunning ran out, or a canceled plan ended).
  if (!b.manual && b.subscriptionState === 'expired') isExpired = true;
  return { isExpired, invalidSubscription, invalidCard, pastDue: b.pastDue ?? null };
}

export const PROJECT_DEFAULTS = {
  private: false,
  generate: true,
  language: 'en-US' as (typeof LANGUAGES)[number],
  membership: true,
  experiments: true,
  productHypotheses: true,
  businessHypotheses: true,
  projectOverview: true,
  publicPortal: false,
};

export const PROFILE_DISPLAY_NAMES = {
  title: 'Title',
  department: 'Department',
  aboutMe: 'About me',
};
