import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAtColumn, idColumn } from '../db/columns.ts';

/** Every email the app sends; with no SMTP server configured, the outbox is the mailbox. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: idColumn(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAtColumn(),
    sentAt: at('sent_at'),
    error: text('error'),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.createdAt)],
);

export type MailRow = typeof mailOutbox.$inferSelect;
