/**
 * The sandbox processor's answers in Recurly's v3 shapes: not found, validation and transaction
 * errors (a refused test card), billing info, money and billing periods, and the invoice PDF.
 */
import { invoiceAmount, type CardOutcome } from '@assay/domain';
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

/** A date of an invoice, written out ("November 26, 2026"). */
const longDay = (iso: string) =>
  iso
    ? new Date(iso).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      })
    : '';

/**
 * The sandbox's invoice as a PDF people can file (#30 item 4): who it is made out to, the
 * service period, each line (a discount as "−$11.80"), the subtotal, the tax of the address's
 * country (0 by default) and the total.
 */
export async function invoicePdf(invoice: Json): Promise<Uint8Array> {
  const pdf = await PdfWriter.create({
    title: `Invoice ${str(invoice.number)}`,
    subject: 'Invoice',
  });
  const cents = (dollars: unknown) => Math.round(Number(dollars ?? 0) * 100);
  pdf.title(`Invoice ${str(invoice.number)}`, 'Assay');
  pdf.field('Invoice number', str(invoice.number));
  pdf.field('Date', longDay(str(invoice.created_at)));
  pdf.field('Status', str(invoice.state));
  const billTo = obj(invoice.bill_to);
  const address = obj(billTo.address);
  const name = [str(billTo.first_name), str(billTo.last_name)].filter(Boolean).join(' ');
  pdf.heading('Bill to');
  const lines = [
    str(billTo.company),
    name,
    str(address.street1),
    str(address.street2),
    [str(address.postal_code), str(address.city)].filter(Boolean).join(' '),
    str(address.region),
    str(address.country),
    str(billTo.vat_number) ? `VAT ${str(billTo.vat_number)}` : '',
    str(billTo.email),
  ].filter(Boolean);
  for (const line of lines.length > 0 ? lines : [`Account ${str(obj(invoice.account).code)}`])
    pdf.paragraph(line);
  const period = obj(invoice.service_period);
  if (period.start)
    pdf.field('Service period', `${longDay(str(period.start))} – ${longDay(str(period.end))}`);
  const card = obj(invoice.card);
  if (card.last_four) pdf.field('Card', `${str(card.card_type)} ending in ${str(card.last_four)}`);
  pdf.heading('Items');
  for (const item of (invoice.line_items as Json[] | undefined) ?? []) {
    pdf.field(str(item.description), invoiceAmount(cents(item.amount)));
  }
  pdf.heading('Total');
  const subtotal = invoice.subtotal ?? invoice.total;
  pdf.field('Subtotal', invoiceAmount(cents(subtotal)));
  const taxInfo = obj(invoice.tax_info);
  const rate = Number(taxInfo.rate ?? 0) * 100;
  pdf.field(
    `Tax (${rate.toLocaleString('en-US', { maximumFractionDigits: 2 })}%${str(taxInfo.region) ? `, ${str(taxInfo.region)}` : ''})`,
    invoiceAmount(cents(invoice.tax)),
  );
  pdf.field('Total (USD)', invoiceAmount(cents(invoice.total)));
  return pdf.bytes();
}
