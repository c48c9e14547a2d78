/** The API's documents: OpenAPI for the REST routes, SDL for the gateway (descriptions included). */
import type { FastifyInstance } from 'fastify';
import { printSchema } from 'graphql';
import { buildGatewaySchema } from '../../gateway/index.ts';
import { buildOpenApiDocument } from '../../http/openapi/document.ts';
import type { AppServices } from '../../services.ts';

export function registerApiDocsRoutes(
  app: FastifyInstance,
  services: AppServices,
  routes: { method: string; url: string }[],
) {
  let sdl: string | undefined;
  app.get('/api/docs/openapi.json', async () =>
    buildOpenApiDocument(routes, { version: services.config.appVersion }),
  );
  app.get('/api/docs/gateway.graphql', async (_request, reply) => {
    sdl ??= printSchema(buildGatewaySchema());
    return reply.type('text/plain; charset=utf-8').send(sdl);
  });
}
