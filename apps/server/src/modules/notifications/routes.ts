/** Notification routes (part 2 §7): mark read, and preferences per organisation or project. */
import type { FastifyInstance } from 'fastify';
import { requireMember } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { getPreferences, markRead, putPreferences } from './service.ts';

export function registerNotificationRoutes(app: FastifyInstance, services: AppServices) {
  app.put('/api/notification/glance/:id', async (request) =>
    markRead(
      services,
      await requireMember(services, request),
      (request.params as { id: string }).id,
    ),
  );
  app.put('/api/notification/glance', async (request) =>
    markRead(services, await requireMember(services, request), null),
  );
  app.get('/api/notification/preferences', async (request) =>
    getPreferences(services, await requireMember(services, request), null),
  );
  app.put('/api/notification/preferences', async (request) =>
    putPreferences(services, await requireMember(services, request), null, request.body),
  );
  app.get('/api/notification/projects/:projectId/preferences', async (request) =>
    getPreferences(
      services,
      await requireMember(services, request),
      (request.params as { projectId: string }).projectId,
    ),
  );
  app.put('/api/notification/projects/:projectId/preferences', async (request) =>
    putPreferences(
      services,
      await requireMember(services, request),
      (request.params as { projectId: string }).projectId,
      request.body,
    ),
  );
}
