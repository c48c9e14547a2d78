/** Notification routes (part 2 §7): mark read, and preferences per organisation or project. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  idParams,
  notificationPreferencesAnswer,
  notificationPreferencesSchema,
  unreadAnswer,
} from '@assay/domain';
import { requireMember } from '../../http/member-context.ts';
import { route } from '../../http/route.ts';
import type { AppServices } from '../../services.ts';
import { getPreferences, markRead, putPreferences } from './service.ts';

export function registerNotificationRoutes(app: FastifyInstance, services: AppServices) {
  route(app, {
    method: 'PUT',
    url: '/api/notification/glance/:id',
    summary: 'Marks one notification read.',
    auth: 'session',
    params: idParams,
    answer: unreadAnswer,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      return markRead(services, member, input().params.id);
    },
  });
  route(app, {
    method: 'PUT',
    url: '/api/notification/glance',
    summary: 'Marks every notification read.',
    auth: 'session',
    answer: unreadAnswer,
    async handler({ request }) {
      return markRead(services, await requireMember(services, request), null);
    },
  });
  // The organisation's preferences, and a project's own (falling back to the organisation's).
  for (const [url, params, whose] of [
    ['/api/notification/preferences', z.object({}), 'the organisation'],
    [
      '/api/notification/projects/:projectId/preferences',
      z.object({ projectId: z.string() }),
      'one project (the organisation’s until set)',
    ],
  ] as const) {
    const projectOf = (p: { projectId?: string }) => p.projectId ?? null;
    route(app, {
      method: 'GET',
      url,
      summary: `Your notification preferences for ${whose}.`,
      auth: 'session',
      params,
      answer: notificationPreferencesAnswer,
      async handler({ request, input }) {
        const member = await requireMember(services, request);
        return getPreferences(services, member, projectOf(input().params));
      },
    });
    route(app, {
      method: 'PUT',
      url,
      summary: `Sets your notification preferences for ${whose}.`,
      auth: 'session',
      params,
      body: notificationPreferencesSchema,
      answer: notificationPreferencesAnswer,
      async handler({ request, input }) {
        const member = await requireMember(services, request);
        const { params, body } = input();
        return putPreferences(services, member, projectOf(params), body);
      },
    });
  }
}
