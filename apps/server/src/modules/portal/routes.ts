/**
 * REST routes of the portal: what visitors read without an account (the board and its images),
 * and the board image of the management screen (the upload flow of part 2 §7).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AppError,
  doneAnswer,
  idAnswer,
  idParams,
  mediaKeyBody,
  visitorBoardAnswer,
} from '@assay/domain';
import { requestContext, requireMember } from '../../http/member-context.ts';
import { route } from '../../http/route.ts';
import type { AppServices } from '../../services.ts';
import { deleteMedia, recordMedia } from '../media/ports.ts';
import { setBoardImage } from './service.ts';
import { loadVisitorBoard, loadVisitorMedia } from './visitor.ts';

const linkParams = z.object({ link: z.string().describe('The portal’s public link.') });

export function registerPortalRoutes(app: FastifyInstance, services: AppServices) {
  route(app, {
    method: 'GET',
    url: '/api/public/portals/:link',
    summary: 'A public portal as visitors see it.',
    auth: 'public',
    params: linkParams,
    answer: visitorBoardAnswer,
    async handler({ input }) {
      const board = await loadVisitorBoard(services, input().params.link);
      if (!board) throw new AppError('notFound');
      return board;
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/public/portals/:link/media/:mediaId',
    summary: 'An image of a public portal.',
    auth: 'public',
    params: linkParams.extend({ mediaId: z.string() }),
    query: z.object({ variant: z.string().optional().describe('medium or thumb') }),
    answer: z.string().describe('The image itself.'),
    async handler({ reply, input }) {
      const { params, query } = input();
      const file = await loadVisitorMedia(services, params.link, params.mediaId, query.variant);
      return reply
        .header('content-type', file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(file.data);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/org/public-boards/:id/media',
    summary: 'Sets a public board’s image.',
    auth: 'session',
    params: idParams,
    body: mediaKeyBody.optional(),
    answer: idAnswer,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      const { params, body } = input();
      const row = await recordMedia(
        services,
        member,
        { collection: 'publicBoard', subjectId: params.id, key: body?.key },
        requestContext(request),
        (tx, saved) => setBoardImage(tx, member, params.id, saved.id),
      );
      return { id: row.id };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/org/public-boards/:id/media/:mediaId',
    summary: 'Removes a public board’s image.',
    auth: 'session',
    params: idParams.extend({ mediaId: z.string() }),
    answer: doneAnswer,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      const { params } = input();
      const context = requestContext(request);
      return deleteMedia(services, member, params.mediaId, context, (tx, row) => {
        if (row.collection !== 'publicBoard' || row.subjectId !== params.id)
          throw new AppError('notFound');
        return setBoardImage(tx, member, params.id, null);
      });
    },
  });
}
