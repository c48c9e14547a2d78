/** "Explore a demo": whether it is offered here, and entering it (signed in as the demo person). */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError, projectOpeningPath } from '@assay/domain';
import type { AppServices } from '../../services.ts';
import { setSessionCookie } from '../auth/ports.ts';
import { projects } from '../projects/schema.ts';
import { DEMO_PROJECT } from './content.ts';
import { enterDemo } from './seed.ts';

export function registerDemoRoutes(app: FastifyInstance, services: AppServices) {
  const { config } = services;
  app.get('/api/demo', async () => ({ offered: config.demoEnabled }));
  app.post('/api/demo', async (request, reply) => {
    if (!config.demoEnabled) throw new AppError('notFound');
    const demo = await enterDemo(app, services, request);
    setSessionCookie(reply, config, demo.sessionToken);
    // The demo opens on its project's canvas, as the README's quick start says; the browser
    // moves to the organisation through the usual handoff (decision 002).
    const [project] = await services.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(
        and(eq(projects.organizationId, demo.organizationId), eq(projects.name, DEMO_PROJECT.name)),
      )
      .limit(1);
    const path = project
      ? projectOpeningPath({
          projectId: project.id,
          academicPrivate: false,
          hasAccess: true,
          cohortScopeHasDefault: false,
          hasCohort: false,
        })
      : '/home';
    return {
      created: demo.created,
      organizationId: demo.organizationId,
      path,
      url: `${config.protocol}://${demo.slug}.${config.appDomain}${path}`,
    };
  });
}
