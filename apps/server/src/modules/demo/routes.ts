/** "Explore a demo": whether it is offered here, and entering it (signed in as the demo person). */
import type { FastifyInstance } from 'fastify';
import { AppError } from '@assay/domain';
import type { AppServices } from '../../services.ts';
import { setSessionCookie } from '../auth/sessions.ts';
import { enterDemo } from './seed.ts';

export function registerDemoRoutes(app: FastifyInstance, services: AppServices) {
  const { config } = services;
  app.get('/api/demo', async () => ({ offered: config.demoEnabled }));
  app.post('/api/demo', async (request, reply) => {
    if (!config.demoEnabled) throw new AppError('notFound');
    const demo = await enterDemo(app, services, request);
    setSessionCookie(reply, config, demo.sessionToken);
    // The browser then moves to the organisation through the usual handoff (decision 002).
    return {
      created: demo.created,
      organizationId: demo.organizationId,
      url: `${config.protocol}://${demo.slug}.${config.appDomain}/home`,
    };
  });
}
