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
  // The organisation's preferences, and a project's own (falling back to the organisation's).
  for (const url of [
    '/api/notification/preferences',
    '/api/notification/projects/:projectId/preferences',
  ]) {
    const projectOf = (params: unknown) => (params as { projectId?: string }).projectId ?? null;
    app.get(url, async (request) =>
      getPreferences(services, await requireMember(services, request), projectOf(request.params)),
    );
    app.put(url, async (request) =>
      putPreferences(
        services,
        await requireMember(services, request),
        projectOf(request.params),
        request.body,
      ),
    );
  }
}
