/** Dashboard files (project media) and export downloads: a card, the dashboard, the canvas, CSV. */
import type { FastifyInstance, FastifyReply } from 'fastify';
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

function attachment(
  reply: FastifyReply,
  filename: string,
  type: string,
  body: Uint8Array | string,
) {
  const ascii = filename.replace(/[^\w. -]+/g, '_');
  return reply
    .header('content-type', type)
    .header('cache-control', 'no-store')
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    )
    .send(typeof body === 'string' ? body : Buffer.from(body));
}

export function registerDashboardRoutes(app: FastifyInstance, services: AppServices) {
  app.post('/api/proj/projects/:id/media', async (request) => {
    const member = await requireMember(services, request);
    const { id } = request.params as { id: string };
    return addProjectMedia(services, member, id, request.body, requestContext(request));
  });
  app.delete('/api/proj/projects/:id/media', async (request) => {
    const member = await requireMember(services, request);
    const { id } = request.params as { id: string };
    return removeProjectMedia(services, member, id, request.body, requestContext(request));
  });
  app.get('/api/graph/cards/:cardId/export', async (request, reply) => {
    const member = await requireMember(services, request);
    const { cardId } = request.params as { cardId: string };
    const query = request.query as Record<string, string | undefined>;
    const file = await cardPdf(services, member, cardId, flag(query, 'withConnections', false));
    return attachment(reply, file.filename, 'application/pdf', file.bytes);
  });
  app.get('/api/proj/projects/:id/export/dashboard.pdf', async (request, reply) => {
    const member = await requireMember(services, request);
    const { id } = request.params as { id: string };
    const query = request.query as Record<string, string | undefined>;
    const file = await dashboardPdf(services, member, id, {
      statements: flag(query, 'statements', true),
      counts: flag(query, 'counts', true),
      market: flag(query, 'market', true),
      lists: flag(query, 'lists', true),
      map: flag(query, 'map', true),
    });
    return attachment(reply, file.filename, 'application/pdf', file.bytes);
  });
  app.get('/api/proj/projects/:id/export/canvas.pdf', async (request, reply) => {
    const member = await requireMember(services, request);
    const { id } = request.params as { id: string };
    const query = request.query as Record<string, string | undefined>;
    const file = await canvasPdf(services, member, id, {
      statuses: flag(query, 'statuses', true),
    });
    return attachment(reply, file.filename, 'application/pdf', file.bytes);
  });
  app.get('/api/proj/projects/:id/export/cards.csv', async (request, reply) => {
    const member = await requireMember(services, request);
    const { id } = request.params as { id: string };
    const file = await cardsCsv(services, member, id);
    return attachment(reply, file.filename, 'text/csv; charset=utf-8', file.csv);
  });
}
