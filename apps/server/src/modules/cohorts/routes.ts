/** REST routes of cohorts: a team's presentation files (the upload flow of part 2 §7). */
import type { FastifyInstance } from 'fastify';
import { AppError } from '@assay/domain';
import { requestContext, requireMember } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { deleteMedia, presentMedia, recordMedia } from '../media/service.ts';

export function registerCohortRoutes(app: FastifyInstance, services: AppServices) {
  app.post('/api/cohort/team-presentations/:id/media', async (request) => {
    const member = await requireMember(services, request);
    const { id } = request.params as { id: string };
    const row = await recordMedia(
      services,
      member,
      { collection: 'presentations', subjectId: id, key: (request.body as { key?: unknown })?.key },
      requestContext(request),
    );
    return presentMedia(row);
  });

  app.delete('/api/cohort/team-presentations/:id/media/:mediaId', async (request) => {
    const member = await requireMember(services, request);
    const { id, mediaId } = request.params as { id: string; mediaId: string };
    return deleteMedia(services, member, mediaId, requestContext(request), async (_tx, row) => {
      if (row.collection !== 'presentations' || row.subjectId !== id)
        throw new AppError('notFound');
    });
  });
}
