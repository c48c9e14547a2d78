/** Dashboard files (project media) and export downloads: a card, the dashboard, the canvas, CSV. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  dashboardMediaBody,
  doneAnswer,
  fileAnswer,
  mediaAnswer,
  removeCardMediaBody,
} from '@assay/domain';
import { attachment } from '../../http/attachment.ts';
import { route } from '../../http/route.ts';
import { requestContext, requireMember } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { canvasPdf, cardPdf, cardsCsv, dashboardPdf } from './exports.ts';
import { addProjectMedia, removeProjectMedia } from './media.ts';

/** A query flag: present and not "false" or "0". */
const flag = (query: Record<string, string | undefined>, name: string, fallback: boolean) => {
  const value = query[name];
  if (value === undefined) return fallback;
  return value !== 'false' && value !== '0';
};

const projectParams = z.object({ id: z.string() });
const flags = (names: string[]) =>
  z.object(
    Object.fromEntries(
      names.map((n) => [n, z.string().optional().describe('Include it (false or 0: leave out).')]),
    ),
  );

export function registerDashboardRoutes(app: FastifyInstance, services: AppServices) {
  route(app, {
    method: 'POST',
    url: '/api/proj/projects/:id/media',
    summary: 'Adds a file to the dashboard’s market or investment list.',
    auth: 'session',
    params: projectParams,
    body: dashboardMediaBody.optional(),
    answer: mediaAnswer,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      const { params, body } = input();
      return addProjectMedia(services, member, params.id, body, requestContext(request));
    },
  });
  route(app, {
    method: 'DELETE',
    url: '/api/proj/projects/:id/media',
    summary: 'Removes a dashboard file.',
    auth: 'session',
    params: projectParams,
    body: removeCardMediaBody.optional(),
    answer: doneAnswer,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      const { params, body } = input();
      return removeProjectMedia(services, member, params.id, body, requestContext(request));
    },
  });
  route(app, {
    method: 'GET',
    url: '/api/graph/cards/:cardId/export',
    summary: 'A card as a PDF (with its connections when asked).',
    auth: 'session',
    params: z.object({ cardId: z.string() }),
    query: flags(['withConnections']),
    answer: fileAnswer,
    async handler({ request, reply, input }) {
      const member = await requireMember(services, request);
      const { params, query } = input();
      const withConnections = flag(query, 'withConnections', false);
      const file = await cardPdf(services, member, params.cardId, withConnections);
      return attachment(reply, file.filename, 'application/pdf', file.bytes);
    },
  });
  const parts = ['statements', 'counts', 'market', 'lists', 'map'];
  route(app, {
    method: 'GET',
    url: '/api/proj/projects/:id/export/dashboard.pdf',
    summary: 'The dashboard as a PDF, with the parts asked for.',
    auth: 'session',
    params: projectParams,
    query: flags(parts),
    answer: fileAnswer,
    async handler({ request, reply, input }) {
      const member = await requireMember(services, request);
      const { params, query } = input();
      const file = await dashboardPdf(services, member, params.id, {
        statements: flag(query, 'statements', true),
        counts: flag(query, 'counts', true),
        market: flag(query, 'market', true),
        lists: flag(query, 'lists', true),
        map: flag(query, 'map', true),
      });
      return attachment(reply, file.filename, 'application/pdf', file.bytes);
    },
  });
  route(app, {
    method: 'GET',
    url: '/api/proj/projects/:id/export/canvas.pdf',
    summary: 'The canvas as a PDF (with card statuses unless asked not to).',
    auth: 'session',
    params: projectParams,
    query: flags(['statuses']),
    answer: fileAnswer,
    async handler({ request, reply, input }) {
      const member = await requireMember(services, request);
      const { params, query } = input();
      const file = await canvasPdf(services, member, params.id, {
        statuses: flag(query, 'statuses', true),
      });
      return attachment(reply, file.filename, 'application/pdf', file.bytes);
    },
  });
  route(app, {
    method: 'GET',
    url: '/api/proj/projects/:id/export/cards.csv',
    summary: 'The project’s cards as CSV.',
    auth: 'session',
    params: projectParams,
    answer: fileAnswer,
    async handler({ request, reply, input }) {
      const member = await requireMember(services, request);
      const file = await cardsCsv(services, member, input().params.id);
      return attachment(reply, file.filename, 'text/csv; charset=utf-8', file.csv);
    },
  });
}
