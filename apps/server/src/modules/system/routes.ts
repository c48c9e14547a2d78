import type { FastifyInstance } from 'fastify';
import { AppError } from '@assay/domain';
import { safeEqual } from '../../platform/crypto.ts';
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
  // Prometheus: off unless METRICS_TOKEN is set, then only with that bearer token.
  app.get('/metrics', async (request, reply) => {
    const token = services.config.metricsToken;
    if (!token) throw new AppError('notFound');
    if (!safeEqual(request.headers.authorization ?? '', `Bearer ${token}`)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('unauthenticated');
    }
    const { registry } = services.metrics;
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
