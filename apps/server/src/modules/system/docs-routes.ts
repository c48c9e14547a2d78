/** The API's documents: OpenAPI for the REST routes, SDL for the gateway (descriptions included). */
import type { FastifyInstance } from 'fastify';
import { printSchema } from 'graphql';
import { buildGatewaySchema } from '../../gateway/index.ts';
import { openApiDocument } from '../../http/openapi/swagger.ts';

export function registerApiDocsRoutes(app: FastifyInstance) {
  let sdl: string | undefined;
  app.get('/api/docs/openapi.json', async () => openApiDocument(app));
  app.get('/api/docs/gateway.graphql', async (_request, reply) => {
    sdl ??= printSchema(buildGatewaySchema());
    return reply.type('text/plain; charset=utf-8').send(sdl);
  });
}
