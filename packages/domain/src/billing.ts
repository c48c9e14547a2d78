/**
 * Billing rules shared by the server and the browser (part 1 §4.3, §7.3, §9.1–9.2): which plan a
 * plan code buys, what it costs, the license it gives, subscription states, and the sandbox card
 * processor's documented test cards.
 */
import { z } from 'zod';
import { invoiceAddressSchema } from './invoices.ts';
import {
  PLANS,
  SUBSCRIBE_PLAN_CODES,
  type BillingPeriod,
  type License,
  type Plan,
  type PlanId,
  type SubscribePlanCode,
} from './plans.ts';

/** The plan and cycle a subscribing plan code stands for. */
export function planForCode(code: string): { plan: Plan; period: BillingPeriod } | null {
  for (const plan of Object.values(PLANS)) {
    if (plan.planCodes?.monthly === code) return { plan, period: 'monthly' };
    if (plan.planCodes?.yearly === code) return { plan, period: 'yearly' };
  }
  return null;
}

/** The plan code for a plan and cycle (null for plans sold by arrangement). */
export function planCodeFor(plan: PlanId, period: BillingPeriod): SubscribePlanCode | null {
  const codes = PLANS[plan].planCodes;
  return codes ? (codes[period] as SubscribePlanCode) : null;
}

/** The price in whole dollars of a plan for a cycle (null: contact us). */
export function planPrice(plan: PlanId, period: BillingPeriod): number | null {
  return period === 'monthly' ? PLANS[plan].monthlyUsd : PLANS[plan].yearlyUsd;
}

/** The license a plan code gives; legacy codes keep their tier. */
export function licenseForPlanCode(code: string): License | null {
  const found = planForCode(code);
  if (found) return found.plan.license;
  const legacy = code.replace(/(NoTrial|2021)$/, '');
  if (legacy === 'basic' || legacy === 'team' || legacy === 'business') return legacy;
  if (legacy === 'ai' || legacy === 'monthly' || legacy === 'yearly') return 'garage';
  if (legacy === 'aiBusiness') return 'businessAI';
  return null;
}

/** A plan change to fewer projects or users is a downgrade: the wait modal shows meanwhile. */
export function isDowngrade(from: string | null | undefined, to: string): boolean {
  const a = from ? planForCode(from) : null;
  const b = planForCode(to);
  if (!a || !b) return false;
  return b.plan.projects < a.plan.projects || b.plan.users < a.plan.users;
}

/**
 * The basic-tier project id (part 1 §4.3): remembered while the tier is basic (the one it had, or
 * else the organisation's first project), cleared on leaving basic.
 */
export function basicProjectIdFor(
  license: License,
  current: string | null | undefined,
  firstProjectId: string | null,
): string | null {
  return license === 'basic' ? (current ?? firstProjectId) : null;
}

export const SUBSCRIPTION_STATES = ['active', 'canceled', 'expired', 'future', 'paused'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/** The subscription as the billing routes answer it (part 1 §3 Subscription). */
export interface Subscription {
  uuid: string;
  planCode: string;
  planName: string;
  unitAmountInCents: number;
  quantity: number;
  limitedQuantity: number | null;
  currentPeriodEndsAt: string | null;
  state: SubscriptionState;
  couponApplied: boolean;
  couponCodes: string[];
}

/** Billing info (part 1 §3): never more of the card than this. */
export interface BillingInfo {
  firstName: string;
  lastName: string;
  lastFour: string;
  month: number;
  year: number;
  cardType: string | null;
}

/** The end of a card's expiry month, when it stops working (null without an expiry). */
export function cardExpiresAt(info: Pick<BillingInfo, 'month' | 'year'>): string | null {
  if (!info.year || !info.month) return null;
  return new Date(Date.UTC(info.year, info.month, 1) - 1000).toISOString();
}

export interface Adjustment {
  id: string;
  description: string;
  amountInCents: number;
  createdAt: string;
}

export interface Invoice {
  id: string;
  number: string;
  state: 'paid' | 'pending' | 'failed';
  totalInCents: number;
  createdAt: string;
}

export const subscribeSchema = z.object({
  planCode: z.enum(SUBSCRIBE_PLAN_CODES),
  paymentToken: z.string().trim().min(1).max(200).optional(),
  couponCode: z.string().trim().max(100).optional().nullable(),
  activeProjects: z.number().int().min(0).optional(),
  activeProfiles: z.number().int().min(0).optional(),
  /** Who the invoices are made out to, asked at checkout (#30). */
  invoiceAddress: invoiceAddressSchema.optional(),
});
export type SubscribeInput = z.infer<typeof subscribeSchema>;

/** The card as the sandbox card element posts it, Recurly.js's names (never to the app itself). */
export const sandboxTokenBody = z.object({
  first_name: z.string().max(50),
  last_name: z.string().max(50),
  number: z.string().max(30),
  month: z.string().max(2),
  year: z.string().max(4),
  cvv: z.string().max(4),
});

/** Card fields as the sandbox card element sends them to the tokenizer (never to the app). */
export const sandboxCardSchema = z.object({
  firstName: z.string().trim().min(1).max(50),
  lastName: z.string().trim().min(1).max(50),
  number: z.string(),
  month: z.string(),
  year: z.string(),
  cvv: z.string(),
});
export type SandboxCard = z.infer<typeof sandboxCardSchema>;

/**
 * The sandbox processor's test cards. Any other number that passes the checksum succeeds too; one
 * that does not is a validation error on the number.
 */
export const SANDBOX_TEST_CARDS = {
  success: '4111111111111111',
  declined: '4000000000000002',
  cvvMismatch: '4000000000000101',
  expired: '4000000000000069',
} as const;

export type CardOutcome = 'success' | 'declined' | 'cvvMismatch' | 'expired';

export function sandboxCardOutcome(number: string): CardOutcome {
  const digits = number.replace(/\D/g, '');
  if (digits === SANDBOX_TEST_CARDS.declined) return 'declined';
  if (digits === SANDBOX_TEST_CARDS.cvvMismatch) return 'cvvMismatch';
  if (digits === SANDBOX_TEST_CARDS.expired) return 'expired';
  return 'success';
}

/** The Luhn checksum card numbers carry. */
export function luhnValid(number: string): boolean {
  const digits = number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type CardField = 'firstName' | 'lastName' | 'number' | 'month' | 'year' | 'cvv';

/** Which card fields are wrong (the tokenizer's validation error lists them). */
export function cardFieldErrors(card: SandboxCard, now = new Date()): CardField[] {
  const errors: CardField[] = [];
  if (!card.firstName.trim()) errors.push('firstName');
  if (!card.lastName.trim()) errors.push('lastName');
  if (!luhnValid(card.number)) errors.push('number');
  const month = Number(card.month);
  if (!/^\d{1,2}$/.test(card.month.trim()) || month < 1 || month > 12) errors.push('month');
  const yearText = card.year.trim();
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (!/^\d{2}(\d{2})?$/.test(yearText)) errors.push('year');
  else if (
    !errors.includes('month') &&
    (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
  )
    errors.push('year');
  if (!/^\d{3,4}$/.test(card.cvv.trim())) errors.push('cvv');
  return errors;
}

/**
 * Where a field error is shown on the payment form (part 1 §5): names on their own fields, and
 * number, month, year and CVV on the card element.
 */
export function paymentFormField(field: CardField): 'firstName' | 'lastName' | 'card' {
  if (field === 'firstName' || field === 'lastName') return field;
  return 'card';
}

/** "$59", "$9,900", "$47.20": whole dollars as they are, cents always with two digits. */
export function formatDollars(amount: number): string {
  const whole = Number.isInteger(amount);
  return `${amount < 0 ? '−' : ''}$${Math.abs(amount).toLocaleString('en-US', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}

/** A plan code's price: "$59 a month" or "$590 a year" (null for plans sold by arrangement). */
export function planPriceText(code: string): string | null {
  const found = planForCode(code);
  if (!found) return null;
  const price = planPrice(found.plan.id, found.period);
  if (price === null) return null;
  return `${formatDollars(price)} a ${found.period === 'yearly' ? 'year' : 'month'}`;
}

/**
 * What a change of plan costs (#26, the change-plan control): the new price against today's and
 * the difference a month (a yearly price counts as a twelfth a month), e.g. "$990 a month instead
 * of $59 a month: $931 more a month".
 */
export function planChangeText(from: string, to: string): string | null {
  const a = planForCode(from);
  const b = planForCode(to);
  const fromText = planPriceText(from);
  const toText = planPriceText(to);
  if (!a || !b || !fromText || !toText) return null;
  const monthly = (p: NonNullable<ReturnType<typeof planForCode>>) =>
    p.period === 'yearly' ? (p.plan.yearlyUsd ?? 0) / 12 : (p.plan.monthlyUsd ?? 0);
  const difference = Math.round((monthly(b) - monthly(a)) * 100) / 100;
  const change =
    difference === 0
      ? 'the same a month'
      : `${formatDollars(Math.abs(difference))} ${difference > 0 ? 'more' : 'less'} a month`;
  const average = a.period !== b.period ? ' on average' : '';
  return `${toText} instead of ${fromText}: ${change}${average}`;
}
