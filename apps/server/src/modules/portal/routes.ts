/**
 * REST routes of the portal: what visitors read without an account (the board and its images),
 * and the board image of the management screen (the upload flow of part 2 §7).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '@assay/domain';
import { requestContext, requireMember } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { deleteMedia, recordMedia } from '../media/ports.ts';
import { setBoardImage } from './service.ts';
import { loadVisitorBoard, loadVisitorMedia } from './visitor.ts';

export function registerPortalRoutes(app: FastifyInstance, services: AppServices) {
  app.get('/api/public/portals/:link', async (request) => {
    const { link } = request.params as { link: string };
    const board = await loadVisitorBoard(services, link);
    if (!board) throw new AppError('notFound');
    return board;
  });

  app.get('/api/public/portals/:link/media/:mediaId', async (request, reply) => {
    const { link, mediaId } = request.params as { link: string; mediaId: string };
    const { variant } = request.query as { variant?: string };
    const file = await loadVisitorMedia(services, link, mediaId, variant);
    return reply
      .header('content-type', file.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .send(file.data);
  });

  app.post('/api/org/public-boards/:id/media', async (request) => {
    const member = await requireMember(services, request);
    const { id } = request.params as { id: string };
    const row = await recordMedia(
      services,
      member,
      { collection: 'publicBoard', subjectId: id, key: (request.body as { key?: unknown })?.key },
      requestContext(request),
      (tx, saved) => setBoardImage(tx, member, id, saved.id),
    );
    return { id: row.id };
  });

  app.delete('/api/org/public-boards/:id/media/:mediaId', async (request) => {
    const member = await requireMember(services, request);
    const { id, mediaId } = request.params as { id: string; mediaId: string };
    return deleteMedia(services, member, mediaId, requestContext(request), (tx, row) => {
      if (row.collection !== 'publicBoard' || row.subjectId !== id) throw new AppError('notFound');
      return setBoardImage(tx, member, id, null);
    });
  });
}
