import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAtColumn, idColumn } from '../db/columns.ts';

export interface StoredAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** Every email the app sends; with no SMTP server configured, the outbox is the mailbox. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: idColumn(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Files sent with the mail (a receipt's invoice PDF), their bytes in base64. */
    attachments: jsonb('attachments').$type<StoredAttachment[]>(),
    createdAt: createdAtColumn(),
    sentAt: at('sent_at'),
    error: text('error'),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.createdAt)],
);

export type MailRow = typeof mailOutbox.$inferSelect;
