import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services.ts';
import { checkHealth, checkReadiness } from './service.ts';

export function registerSystemRoutes(app: FastifyInstance, services: AppServices) {
  app.get('/api/health', async (_request, reply) => {
    const health = await checkHealth(services);
    return reply
      .status(health.ok ? 200 : 503)
      .send({ status: health.ok ? 'ok' : 'down', ...health });
  });
  app.get('/api/health/ready', async (_request, reply) => {
    const ready = await checkReadiness(services);
    return reply
      .status(ready.ok ? 200 : 503)
      .send({ status: ready.ok ? 'ready' : 'not ready', ...ready });
  });
}
