import type { FastifyInstance } from 'fastify';
import { AppError } from '@assay/domain';
import { safeEqual } from '../../platform/crypto.ts';
import type { AppServices } from '../../services.ts';
import { checkHealth, checkReadiness } from './service.ts';
import { z } from 'zod';
import { healthAnswer, readinessAnswer } from '@assay/domain';
import { route } from '../../http/route.ts';

export function registerSystemRoutes(app: FastifyInstance, services: AppServices) {
  route(app, {
    method: 'GET',
    url: '/api/health',
    summary: 'Liveness: the process and its database answer.',
    auth: 'public',
    answer: healthAnswer,
    async handler({ reply }) {
      const health = await checkHealth(services);
      reply.status(health.ok ? 200 : 503);
      return { status: health.ok ? 'ok' : 'down', ...health };
    },
  });
  route(app, {
    method: 'GET',
    url: '/api/health/ready',
    summary: 'Readiness: the database and the job queue answer (503 until they do).',
    auth: 'public',
    answer: readinessAnswer,
    async handler({ reply }) {
      const ready = await checkReadiness(services);
      reply.status(ready.ok ? 200 : 503);
      return { status: ready.ok ? 'ready' : 'not ready', ...ready };
    },
  });
  // Prometheus: off unless METRICS_TOKEN is set, then only with that bearer token.
  route(app, {
    method: 'GET',
    url: '/metrics',
    summary: 'Prometheus metrics (only with METRICS_TOKEN).',
    auth: 'metrics',
    answer: z.string().describe('The Prometheus text format.'),
    async handler({ request, reply }) {
      const token = services.config.metricsToken;
      if (!token) throw new AppError('notFound');
      if (!safeEqual(request.headers.authorization ?? '', `Bearer ${token}`)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('unauthenticated');
      }
      const { registry } = services.metrics;
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  });
}
