/**
 * The sandbox processor's records and money (#30: shared by its API and its lifecycle): records
 * by kind and id, a conditional move between states, an account's records newest first, and a
 * charge on the account's card — an invoice with its line items, or the card's transaction error.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { CardOutcome } from '@assay/domain';
import type { Executor } from '../db/index.ts';
import {
  invalid,
  money,
  obj,
  str,
  transactionError,
  type Answer,
  type Json,
} from './sandbox-answers.ts';
import { paymentSandboxRecords } from './schema.ts';

export type SandboxStore = ReturnType<typeof createSandboxStore>;

export function createSandboxStore(
  db: Executor,
  now: () => Date,
  taxRates: Record<string, number> = {},
) {
  async function get(kind: string, id: string) {
    const [row] = await db
      .select()
      .from(paymentSandboxRecords)
      .where(and(eq(paymentSandboxRecords.kind, kind), eq(paymentSandboxRecords.id, id)));
    return row ? row.data : null;
  }
  async function put(kind: string, id: string, data: Json, accountCode: string | null = null) {
    await db
      .insert(paymentSandboxRecords)
      .values({ kind, id, data, accountCode })
      .onConflictDoUpdate({
        target: [paymentSandboxRecords.kind, paymentSandboxRecords.id],
        set: { data, accountCode },
      });
    return data;
  }
  /** Writes a record only if it is still in the state read (two cancels at once: one wins). */
  async function transition(kind: string, id: string, from: string, data: Json) {
    const [row] = await db
      .update(paymentSandboxRecords)
      .set({ data })
      .where(
        and(
          eq(paymentSandboxRecords.kind, kind),
          eq(paymentSandboxRecords.id, id),
          sql`${paymentSandboxRecords.data}->>'state' = ${from}`,
        ),
      )
      .returning({ data: paymentSandboxRecords.data });
    return row ? row.data : null;
  }
  async function all(kind: string, accountCode?: string) {
    const rows = await db
      .select()
      .from(paymentSandboxRecords)
      .where(
        and(
          eq(paymentSandboxRecords.kind, kind),
          accountCode === undefined
            ? undefined
            : eq(paymentSandboxRecords.accountCode, accountCode),
        ),
      )
      .orderBy(
        desc(sql`${paymentSandboxRecords.data}->>'created_at'`),
        desc(paymentSandboxRecords.id),
      );
    return rows.map((r) => r.data);
  }

  async function lineItem(
    accountCode: string,
    description: string,
    cents: number,
    invoiceId: string,
  ) {
    const id = `li_${randomBytes(8).toString('hex')}`;
    await put(
      'line_item',
      id,
      {
        id,
        description,
        amount: money(cents),
        invoice_id: invoiceId,
        created_at: now().toISOString(),
      },
      accountCode,
    );
  }

  /** What charging the card on file would answer (now, or at a renewal's time): null if it pays. */
  async function cardRefusal(accountCode: string, at: Date = now()): Promise<Answer | null> {
    const billing = await get('billing_info', accountCode);
    if (!billing) return invalid('The account has no billing information', 'billing_info');
    const refused = transactionError(str(billing.outcome) as CardOutcome);
    if (refused) return refused;
    // A card stops paying after the last day of its expiry month.
    const end = Date.UTC(Number(billing.exp_year), Number(billing.exp_month), 1);
    return Number.isFinite(end) && at.getTime() >= end ? transactionError('expired') : null;
  }

  /** Charges the account's card: an invoice and its line items, or the card's transaction error. */
  async function charge(
    accountCode: string,
    items: { description: string; cents: number }[],
    extra: Json = {},
  ) {
    const refused = await cardRefusal(accountCode);
    if (refused) return refused;
    await invoice(accountCode, items, { state: 'paid', ...extra });
    return null;
  }

  /** An invoice of the account (paid, or past due while its payment is retried). */
  async function invoice(
    accountCode: string,
    items: { description: string; cents: number }[],
    fields: Json,
  ) {
    const billing = await get('billing_info', accountCode);
    const total = Math.max(
      0,
      items.reduce((sum, item) => sum + item.cents, 0),
    );
    // One sequence for every account (two invoices at once never share a number).
    const next = await db.execute(sql`select nextval('payment_sandbox_invoice_number') as n`);
    const number = String((next as unknown as { rows: { n: string | number }[] }).rows[0]!.n);
    const id = `inv_${randomBytes(8).toString('hex')}`;
    // Made out to the account's invoice address as it is now; its country's tax rate applies.
    const account = (await get('account', accountCode)) ?? {};
    const address = obj(account.address);
    const rate = taxRates[str(address.country).toUpperCase()] ?? 0;
    const tax = Math.round((total * rate) / 100);
    const data = {
      id,
      number,
      subtotal: money(total),
      tax: money(tax),
      tax_info: { rate: rate / 100, region: str(address.country) || null },
      total: money(total + tax),
      account: { code: accountCode },
      bill_to: {
        company: account.company ?? '',
        first_name: account.first_name ?? '',
        last_name: account.last_name ?? '',
        email: account.cc_emails ?? '',
        vat_number: account.vat_number ?? '',
        address,
      },
      line_items: items.map((item) => ({
        description: item.description,
        amount: money(item.cents),
      })),
      card: billing ? { last_four: billing.last_four, card_type: billing.card_type } : null,
      created_at: now().toISOString(),
      ...fields,
    };
    await put('invoice', id, data, accountCode);
    for (const item of items) await lineItem(accountCode, item.description, item.cents, id);
    return data;
  }

  return { get, put, transition, all, lineItem, cardRefusal, charge, invoice };
}
