/** The dev inbox: the outbox, readable outside production so sign-up links can be followed. */
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services.ts';
import { mailOutbox } from '../../platform/mail/schema.ts';

export function registerDevMailRoutes(app: FastifyInstance, services: AppServices) {
  if (services.config.isProduction) return;
  app.get('/api/dev/mail', async () => {
    const rows = await services.database.db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(50);
    return rows.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
      error: m.error,
    }));
  });
}
