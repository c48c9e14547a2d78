/** Mail: every message goes to the outbox table; with SMTP_URL it is also sent through SMTP. */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Database } from '../db/index.ts';
import { mailOutbox } from './schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files that go with the mail (sent over SMTP, kept in the outbox in base64). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface Mailer {
  send(message: MailMessage): Promise<{ id: string; delivered: boolean }>;
  readonly kind: 'outbox' | 'smtp';
  close(): void;
}

export function createMailer(options: {
  database: Database;
  logger: FastifyBaseLogger;
  smtpUrl: string | undefined;
  from: string;
}): Mailer {
  const { database, logger, smtpUrl } = options;
  // nodemailer (35 modules) loads with the first message sent over SMTP, not with the server.
  let transporter: Promise<Transporter> | undefined;
  const smtp = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(smtpUrl),
    ));
  return {
    kind: smtpUrl ? 'smtp' : 'outbox',
    async send(message) {
      const [row] = await database.db
        .insert(mailOutbox)
        .values({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: message.attachments?.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.content).toString('base64'),
          })),
        })
        .returning({ id: mailOutbox.id });
      if (!row) throw new Error('outbox insert returned no row');
      if (!smtpUrl) {
        await database.db
          .update(mailOutbox)
          .set({ sentAt: new Date() })
          .where(eq(mailOutbox.id, row.id));
        return { id: row.id, delivered: true };
      }
      try {
        const transport = await smtp();
        await transport.sendMail({
          from: options.from,
          ...message,
          attachments: message.attachments?.map((a) => ({ ...a, content: Buffer.from(a.content) })),
        });
        await database.db
          .update(mailOutbox)
          .set({ sentAt: new Date() })
          .where(eq(mailOutbox.id, row.id));
        return { id: row.id, delivered: true };
      } catch (error) {
        // The message stays in the outbox with its error; the user's action is not lost.
        logger.error({ err: error, to: message.to }, 'mail delivery failed');
        await database.db
          .update(mailOutbox)
          .set({ error: error instanceof Error ? error.message : String(error) })
          .where(eq(mailOutbox.id, row.id));
        return { id: row.id, delivered: false };
      }
    },
    close() {
      void transporter?.then((transport) => transport.close());
    },
  };
}
