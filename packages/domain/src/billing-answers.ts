/** What the billing routes answer (part 1 §7.3), for an organisation and for a cohort. */
import { z } from 'zod';
import { SUBSCRIPTION_STATES } from './billing.ts';

/** The card on file: never more of it than this. */
export const billingInfoAnswer = z.object({
  firstName: z.string(),
  lastName: z.string(),
  lastFour: z.string(),
  month: z.number(),
  year: z.number(),
  cardType: z.string().nullable(),
});

export const subscriptionAnswer = z.object({
  uuid: z.string(),
  planCode: z.string(),
  planName: z.string(),
  unitAmountInCents: z.number(),
  quantity: z.number(),
  limitedQuantity: z.number().nullable(),
  currentPeriodEndsAt: z.string().nullable(),
  state: z.enum(SUBSCRIPTION_STATES),
  couponApplied: z.boolean(),
  couponCodes: z.array(z.string()),
});

export const adjustmentAnswer = z.object({
  id: z.string(),
  description: z.string(),
  amountInCents: z.number(),
  createdAt: z.string(),
});

export const invoiceAnswer = z.object({
  id: z.string(),
  number: z.string(),
  state: z.enum(['paid', 'pending', 'failed']),
  totalInCents: z.number(),
  createdAt: z.string(),
});

/** Whether a card is on file, and which. */
export const billingAnswer = z.object({
  exists: z.boolean(),
  billingInfo: billingInfoAnswer.nullable(),
  /** Who invoices are made out to (#30), when the owner has said. */
  invoiceAddress: z.record(z.string(), z.string()).nullable().optional(),
});

/** A subscription made or changed: the plan, the card and what was charged. */
export const subscriptionChangeAnswer = z.object({
  subscription: subscriptionAnswer,
  billingInfo: billingInfoAnswer.nullable(),
  adjustments: z.array(adjustmentAnswer),
});

/** A promotion code's discount. */
export const couponAnswer = z.object({
  discountType: z.enum(['dollars', 'percent']),
  discountPercent: z.number().nullable(),
  discountInCents: z.number().nullable(),
  message: z.string(),
});

/** Where the invoice's PDF is fetched. */
export const pdfUrlAnswer = z.object({ url: z.string() });

/** A card token from the browser's card element. */
export const tokenBody = z.looseObject({ token: z.unknown().optional() });

/** What the browser needs to tokenize a card for this processor. */
export const paymentsConfigAnswer = z.object({
  provider: z.enum(['sandbox', 'recurly']),
  tokenUrl: z.string().nullable(),
  publicKey: z.string().nullable(),
  scriptUrl: z.string().nullable(),
});

/** A cohort's billing account and the card on file. */
export const cohortAccountAnswer = z.object({
  account: z.object({ code: z.string(), cohortId: z.string() }),
  billingInfo: billingInfoAnswer.nullable(),
});

/** A student's editor fee: paid, when, and its invoice (null when paid before). */
export const editorFeeAnswer = z.object({
  paid: z.boolean(),
  paidAt: z.string(),
  invoice: invoiceAnswer.nullable(),
});

/** A cohort's card on file, and whether it was refused or the cohort is billed by hand. */
export const cohortBillingAnswer = billingAnswer.extend({
  invalidCard: z.boolean(),
  manual: z.boolean(),
});
