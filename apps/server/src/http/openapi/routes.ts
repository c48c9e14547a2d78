/**
 * The routes a plugin registers, which cannot declare themselves through http/route.ts: the
 * GraphQL gateway and the realtime websocket. Their lines give the OpenAPI document (served at
 * /api/docs/openapi.json) their summary, who may call, and their shapes — for the document only;
 * the gateway and the socket check their own input. Every other REST route is declared where it
 * is registered; a test fails when a route is neither declared nor listed here.
 */
import { z } from 'zod';
import type { RouteDoc } from './route-doc.ts';

export type { RouteAuth, RouteDoc } from './route-doc.ts';

export const REST_ROUTES: Record<string, RouteDoc> = {
  'POST /api/gateway/query': {
    summary: 'The GraphQL gateway (schema at /api/docs/gateway.graphql).',
    auth: 'session',
    body: z.object({
      query: z.string().describe('A GraphQL operation (or send its persisted id).'),
      variables: z.record(z.string(), z.unknown()).optional(),
      operationName: z.string().optional(),
    }),
    answer: z.object({
      data: z.record(z.string(), z.unknown()).nullable().optional(),
      errors: z
        .array(z.looseObject({ message: z.string().describe('The catalogue’s message and ref.') }))
        .optional(),
    }),
  },
  'GET /sub/:channel': {
    summary: 'Realtime websocket of a channel (p, c, o, a, m or i followed by an id).',
    auth: 'session',
    params: z.object({ channel: z.string().describe('p, c, o, a, m or i, then the id.') }),
    answer: z
      .object({ event: z.string(), id: z.string(), at: z.string() })
      .loose()
      .describe('Messages on the socket once it is upgraded (101).'),
  },
};
