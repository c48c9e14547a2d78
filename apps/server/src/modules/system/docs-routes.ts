/** The API's documents: OpenAPI for the REST routes, SDL for the gateway (descriptions included). */
import type { FastifyInstance } from 'fastify';
import { printSchema } from 'graphql';
import { buildGatewaySchema } from '../../gateway/index.ts';
import { openApiDocument } from '../../http/openapi/swagger.ts';
import { z } from 'zod';
import { route } from '../../http/route.ts';

export function registerApiDocsRoutes(app: FastifyInstance) {
  let sdl: string | undefined;
  route(app, {
    method: 'GET',
    url: '/api/docs/openapi.json',
    summary: 'This document.',
    auth: 'public',
    answer: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
    handler: async () => openApiDocument(app),
  });
  route(app, {
    method: 'GET',
    url: '/api/docs/gateway.graphql',
    summary: 'The gateway’s GraphQL schema (SDL), with descriptions.',
    auth: 'public',
    answer: z.string().describe('The schema in GraphQL SDL.'),
    async handler({ reply }) {
      sdl ??= printSchema(buildGatewaySchema());
      return reply.type('text/plain; charset=utf-8').send(sdl);
    },
  });
}
