/** REST routes of cards (part 2 §7): tags, contacts, the canvas, and connections between cards. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AppError,
  associationsAnswer,
  canvasAnswer,
  cardAnswer,
  connectBody,
  idParams,
  intervieweeAnswer,
  intervieweesPageAnswer,
  intervieweeUpdatesSchema,
  ratingBody,
  sheetImportAnswer,
  sheetImportSchema,
  SHEET_LIMITS,
} from '@assay/domain';
import { requestContext, requireMember } from '../../http/member-context.ts';
import { route } from '../../http/route.ts';
import type { AppServices } from '../../services.ts';
import { getCanvasAnswer } from './canvas.ts';
import { connectCards, disconnectCards, rateConnection } from './connections.ts';
import { listInterviewees, updateInterviewees } from './evidence.ts';
import { setCardTag } from './service.ts';
import { importSpreadsheet } from './spreadsheet-import.ts';

const cardParams = z.object({ cardId: z.string() });
const connectionParams = cardParams.extend({ connectionId: z.string() });
const contactsQuery = z.looseObject({
  page: z.string().optional(),
  pageSize: z.string().optional(),
  search: z.string().optional(),
});

export function registerCardRoutes(app: FastifyInstance, services: AppServices) {
  for (const [method, add, summary] of [
    ['POST', true, 'Adds a tag to a card.'],
    ['DELETE', false, 'Removes a tag from a card.'],
  ] as const) {
    route(app, {
      method,
      url: '/api/canvas/cards/:cardId/tags/:tag',
      summary,
      auth: 'session',
      params: cardParams.extend({ tag: z.string() }),
      answer: cardAnswer,
      async handler({ request, input }) {
        const member = await requireMember(services, request);
        const { params } = input();
        const context = requestContext(request);
        return setCardTag(services, member, params.cardId, params.tag, add, context);
      },
    });
  }
  // The organisation's contacts; the total travels in a header, as the spec's list calls read it.
  for (const [url, params] of [
    ['/api/canvas/interviewees', z.object({})],
    ['/api/canvas/organizations/:id/interviewees', idParams],
  ] as const) {
    route(app, {
      method: 'GET',
      url,
      summary: 'The organisation’s contacts, a page at a time (the total in X-Total-Count).',
      auth: 'session',
      params,
      query: contactsQuery,
      answer: z.array(intervieweeAnswer),
      async handler({ request, reply, input }) {
        const member = await requireMember(services, request);
        const { params: given, query } = input();
        const id = 'id' in given ? given.id : undefined;
        if (id !== undefined && id !== member.organization.id) throw new AppError('notFound');
        const page = await listInterviewees(services, member, query as Record<string, string>);
        reply.header('x-total-count', String(page.total));
        return page.interviewees;
      },
    });
  }
  route(app, {
    method: 'PUT',
    url: '/api/canvas/organizations/:id/interviewees',
    summary: 'Changes several contacts at once.',
    auth: 'session',
    params: idParams,
    body: intervieweeUpdatesSchema,
    answer: intervieweesPageAnswer,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      const { params, body } = input();
      return updateInterviewees(services, member, params.id, body, requestContext(request));
    },
  });
  route(app, {
    method: 'GET',
    url: '/api/canvas/:id',
    summary: 'A project’s business canvas, filtered as asked.',
    auth: 'session',
    params: idParams,
    query: z.object({ filters: z.string().optional().describe('The canvas filters, as JSON.') }),
    answer: canvasAnswer,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      const { params, query } = input();
      let filters: unknown = {};
      if (query.filters) {
        try {
          filters = JSON.parse(query.filters);
        } catch {
          filters = { invalid: true };
        }
      }
      return getCanvasAnswer(services, member, params.id, filters);
    },
  });
  route(app, {
    method: 'POST',
    url: '/api/canvas/cards/:cardId/connections',
    summary: 'Connects a card to another, optionally rated.',
    auth: 'session',
    params: cardParams,
    body: connectBody.optional(),
    answer: associationsAnswer,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      const { params, body } = input();
      return connectCards(services, member, params.cardId, body, requestContext(request));
    },
  });
  route(app, {
    method: 'DELETE',
    url: '/api/canvas/cards/:cardId/connections/:connectionId',
    summary: 'Disconnects two cards.',
    auth: 'session',
    params: connectionParams,
    answer: associationsAnswer,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      const { params } = input();
      const context = requestContext(request);
      return disconnectCards(services, member, params.cardId, params.connectionId, context);
    },
  });
  route(app, {
    method: 'PUT',
    url: '/api/canvas/cards/:cardId/connections/:connectionId/rating',
    summary: 'Rates a connection (-2…2; null takes the rating away).',
    auth: 'session',
    params: connectionParams,
    body: ratingBody.optional(),
    answer: associationsAnswer,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      const { params, body } = input();
      const context = requestContext(request);
      return rateConnection(services, member, params.cardId, params.connectionId, body, context);
    },
  });
  route(app, {
    method: 'POST',
    url: '/api/canvas/projects/:id/spreadsheet-import',
    summary:
      'Hypotheses and evidence from a CSV: the columns mapped, checked row by row (dryRun: a preview only); all in, or with errors nothing unless skipInvalid.',
    auth: 'session',
    params: idParams,
    body: sheetImportSchema,
    bodyCheckedBy: 'useCase',
    // The text as JSON: its escapes can make it longer than the file.
    bodyLimit: SHEET_LIMITS.bytes * 2 + 64 * 1024,
    answer: sheetImportAnswer,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      const { params, body } = input();
      return importSpreadsheet(services, member, params.id, body, requestContext(request));
    },
  });
}
