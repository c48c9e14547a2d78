/**
 * The sandbox processor's answers in Recurly's v3 shapes: not found, validation and transaction
 * errors (a refused test card), billing info, money and billing periods, and the invoice PDF.
 */
import type { CardOutcome } from '@assay/domain';
import { PdfWriter } from '../pdf.ts';

export type Json = Record<string, unknown>;
export const obj = (v: unknown): Json => (typeof v === 'object' && v !== null ? (v as Json) : {});
export const str = (v: unknown) => (typeof v === 'string' ? v : '');

const TRANSACTION_ERRORS: Record<
  Exclude<CardOutcome, 'success'>,
  { code: string; message: string }
> = {
  declined: { code: 'declined', message: 'Card number declined' },
  cvvMismatch: { code: 'fraud_security_code', message: 'CVV / Security code did not match' },
  expired: { code: 'expired_card', message: 'The card has expired' },
};

/** A card the processor refuses: Recurly's transaction error for it; null for a good card. */
export function transactionError(outcome: CardOutcome): Answer | null {
  if (outcome === 'success') return null;
  const failure = TRANSACTION_ERRORS[outcome] ?? TRANSACTION_ERRORS.declined;
  return {
    status: 422,
    json: {
      error: {
        type: 'transaction',
        message: failure.message,
        transaction_error: {
          code: failure.code,
          message: failure.message,
          customer_message: failure.message,
        },
      },
    },
  };
}

export interface Answer {
  status: number;
  json?: unknown;
  pdf?: Uint8Array;
}

export const notFound = (what: string): Answer => ({
  status: 404,
  json: { error: { type: 'not_found', message: `Couldn't find ${what}` } },
});
export const invalid = (message: string, param?: string): Answer => ({
  status: 422,
  json: { error: { type: 'validation', message, params: param ? [{ param, message }] : [] } },
});

export const money = (cents: number) => Math.round(cents) / 100;
export const addPeriod = (from: Date, period: 'monthly' | 'yearly') => {
  const next = new Date(from);
  if (period === 'yearly') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
};

export function presentBilling(b: Json) {
  return {
    object: 'billing_info',
    first_name: b.first_name,
    last_name: b.last_name,
    payment_method: {
      object: 'credit_card',
      card_type: b.card_type,
      last_four: b.last_four,
      exp_month: b.exp_month,
      exp_year: b.exp_year,
    },
  };
}

export async function invoicePdf(invoice: Json): Promise<Uint8Array> {
  const pdf = await PdfWriter.create({
    title: `Invoice ${str(invoice.number)}`,
    subject: 'Invoice',
  });
  pdf.title(`Invoice ${str(invoice.number)}`, 'Assay');
  pdf.field('Date', str(invoice.created_at).slice(0, 10));
  pdf.field('Account', str(obj(invoice.account).code));
  pdf.field('Status', str(invoice.state));
  const card = obj(invoice.card);
  if (card.last_four) pdf.field('Card', `${str(card.card_type)} ending in ${str(card.last_four)}`);
  pdf.heading('Items');
  for (const item of (invoice.line_items as Json[] | undefined) ?? []) {
    pdf.field(str(item.description), `$${Number(item.amount).toFixed(2)}`);
  }
  pdf.heading('Total');
  pdf.field('Total (USD)', `$${Number(invoice.total).toFixed(2)}`);
  return pdf.bytes();
}
