/** REST routes of cards (part 2 §7): tags, and the cards to map on a canvas. */
import type { FastifyInstance } from 'fastify';
import { requestContext, requireMember } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { getCanvas } from './canvas.ts';
import { setCardTag } from './service.ts';

type TagParams = { cardId: string; tag: string };

export function registerCardRoutes(app: FastifyInstance, services: AppServices) {
  for (const [method, add] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/canvas/cards/:cardId/tags/:tag',
      handler: async (request) => {
        const member = await requireMember(services, request);
        const { cardId, tag } = request.params as TagParams;
        return setCardTag(services, member, cardId, tag, add, requestContext(request));
      },
    });
  }
  app.get('/api/canvas/:id', async (request) => {
    const member = await requireMember(services, request);
    const query = request.query as Record<string, string | undefined>;
    let filters: unknown = {};
    if (query.filters) {
      try {
        filters = JSON.parse(query.filters);
      } catch {
        filters = { invalid: true };
      }
    }
    return getCanvas(services, member, (request.params as { id: string }).id, filters);
  });
}
