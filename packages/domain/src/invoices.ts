/**
 * Invoices people can file (#30 item 4): the address they are made out to, collected at checkout
 * and editable in Billing, the tax rate of its country, and amounts written as accountants read
 * them ("−$11.80" for a discount, always with cents).
 */
import { z } from 'zod';

export const INVOICE_MESSAGES = {
  name: 'Who the invoice is made out to is required.',
  line1: 'The street address is required.',
  city: 'The city is required.',
  postalCode: 'The postal code is required.',
  country: 'Choose the country (its two-letter code, e.g. US or FR).',
  email: 'Please enter a valid email for invoices.',
} as const;

const text = (max: number) => z.string().trim().max(max);

export const invoiceAddressSchema = z.object({
  /** The person or department invoices go to. */
  name: text(100).min(1, INVOICE_MESSAGES.name),
  email: z.email(INVOICE_MESSAGES.email).max(256).or(z.literal('')).default(''),
  company: text(100).default(''),
  line1: text(200).min(1, INVOICE_MESSAGES.line1),
  line2: text(200).default(''),
  city: text(100).min(1, INVOICE_MESSAGES.city),
  region: text(100).default(''),
  postalCode: text(20).min(1, INVOICE_MESSAGES.postalCode),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, INVOICE_MESSAGES.country)
    .transform((c) => c.toUpperCase()),
  vatNumber: text(40).default(''),
});
export type InvoiceAddress = z.output<typeof invoiceAddressSchema>;
export type InvoiceAddressInput = z.input<typeof invoiceAddressSchema>;

/** "$59.00", "−$11.80" (a true minus sign), with thousands separators. */
export function invoiceAmount(cents: number): string {
  const abs = Math.abs(Math.round(cents)) / 100;
  const text = abs.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${cents < 0 ? '\u2212' : ''}$${text}`;
}

/** Tax rates by country ("FR:20,DE:19" → { FR: 20, DE: 19 }); a country not named pays none. */
export function parseTaxRates(setting: string | undefined): Record<string, number> {
  const rates: Record<string, number> = {};
  for (const part of (setting ?? '').split(',')) {
    const [country, rate] = part.split(':').map((s) => s.trim());
    if (!country || rate === undefined) continue;
    const value = Number(rate);
    if (!/^[A-Za-z]{2}$/.test(country) || !Number.isFinite(value) || value < 0 || value > 100)
      throw new Error(
        `TAX_RATES must look like FR:20,DE:19 (a country code and a percent); "${part}" does not`,
      );
    rates[country.toUpperCase()] = value;
  }
  return rates;
}

/** The address block of an invoice, line by line. */
export function invoiceAddressLines(address: InvoiceAddress): string[] {
  return [
    address.name,
    address.company,
    address.line1,
    address.line2,
    [address.postalCode, address.city].filter(Boolean).join(' '),
    address.region,
    address.country,
    address.vatNumber ? `VAT ${address.vatNumber}` : '',
  ].filter((line) => line.trim() !== '');
}

export const SALES_REQUEST_MESSAGES = {
  message: 'Tell us a little about your team and what you need.',
  sent: 'Thanks: we will write to you within one business day.',
} as const;

/** A request for the Enterprise plan (#30 item 5): who asks is the signed-in member. */
export const salesRequestSchema = z.object({
  seats: z.number().int().min(1).max(100_000).nullable().optional(),
  message: z.string().trim().min(1, SALES_REQUEST_MESSAGES.message).max(4000),
});
