import { index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAtColumn } from '../db/columns.ts';

/**
 * The embedded sandbox card processor's records (tokens, accounts, billing info, subscriptions,
 * invoices, line items, coupon redemptions), kept in the database like everything else so any
 * app instance answers the same.
 */
export const paymentSandboxRecords = pgTable(
  'payment_sandbox_records',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    accountCode: text('account_code'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index('payment_sandbox_records_account_idx').on(t.kind, t.accountCode),
  ],
);
