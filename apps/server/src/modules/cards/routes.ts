/** REST routes of cards (part 2 §7): tags, and the cards to map on a canvas. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@assay/domain';
import { requestContext, requireMember } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { getCanvas } from './canvas.ts';
import { connectCards, disconnectCards, rateConnection } from './connections.ts';
import { listInterviewees, updateInterviewees } from './evidence.ts';
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
  const contacts = async (request: FastifyRequest, reply: FastifyReply) => {
    const member = await requireMember(services, request);
    const { id } = (request.params ?? {}) as { id?: string };
    if (id !== undefined && id !== member.organization.id) throw new AppError('notFound');
    const page = await listInterviewees(services, member, request.query as Record<string, string>);
    // The total travels in a header, as the spec's list calls read it.
    return reply.header('x-total-count', String(page.total)).send(page.interviewees);
  };
  app.get('/api/canvas/interviewees', contacts);
  app.get('/api/canvas/organizations/:id/interviewees', contacts);
  app.put('/api/canvas/organizations/:id/interviewees', async (request) => {
    const member = await requireMember(services, request);
    const { id } = request.params as { id: string };
    return updateInterviewees(services, member, id, request.body, requestContext(request));
  });
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
  app.post('/api/canvas/cards/:cardId/connections', async (request) => {
    const member = await requireMember(services, request);
    const { cardId } = request.params as { cardId: string };
    return connectCards(services, member, cardId, request.body, requestContext(request));
  });
  app.delete('/api/canvas/cards/:cardId/connections/:connectionId', async (request) => {
    const member = await requireMember(services, request);
    const { cardId, connectionId } = request.params as { cardId: string; connectionId: string };
    return disconnectCards(services, member, cardId, connectionId, requestContext(request));
  });
  app.put('/api/canvas/cards/:cardId/connections/:connectionId/rating', async (request) => {
    const member = await requireMember(services, request);
    const { cardId, connectionId } = request.params as { cardId: string; connectionId: string };
    return rateConnection(
      services,
      member,
      cardId,
      connectionId,
      request.body,
      requestContext(request),
    );
  });
}
