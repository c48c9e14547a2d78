/** The dev inbox: the outbox, readable outside production so sign-up links can be followed. */
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services.ts';
import { mailOutbox } from '../../platform/mail/schema.ts';
import { z } from 'zod';
import { devMailAnswer } from '@assay/domain';
import { route } from '../../http/route.ts';

export function registerDevMailRoutes(app: FastifyInstance, services: AppServices) {
  if (services.config.isProduction) return;
  route(app, {
    method: 'GET',
    url: '/api/dev/mail',
    summary: 'The development outbox: the last 50 mails (not in production).',
    auth: 'public',
    answer: z.array(devMailAnswer),
    async handler() {
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
    },
  });
}
