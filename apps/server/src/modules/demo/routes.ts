/** "Explore a demo": whether it is offered here, and entering it (signed in as the demo person). */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError, projectOpeningPath } from '@assay/domain';
import type { AppServices } from '../../services.ts';
import { setSessionCookie } from '../auth/ports.ts';
import { projects } from '../projects/schema.ts';
import { DEMO_PROJECT } from './content.ts';
import { enterDemo } from './seed.ts';
import { demoAnswer, demoOfferAnswer } from '@assay/domain';
import { route } from '../../http/route.ts';

export function registerDemoRoutes(app: FastifyInstance, services: AppServices) {
  const { config } = services;
  route(app, {
    method: 'GET',
    url: '/api/demo',
    summary: 'Whether "Explore a demo" is offered here.',
    auth: 'public',
    answer: demoOfferAnswer,
    handler: async () => ({ offered: config.demoEnabled }),
  });
  route(app, {
    method: 'POST',
    url: '/api/demo',
    summary: 'Enters the demo organisation (made on first use), signed in.',
    auth: 'public',
    answer: demoAnswer,
    async handler({ request, reply }) {
      if (!config.demoEnabled) throw new AppError('notFound');
      const demo = await enterDemo(app, services, request);
      setSessionCookie(reply, config, demo.sessionToken);
      // The demo opens on its project's canvas, as the README's quick start says; the browser
      // moves to the organisation through the usual handoff (decision 002).
      const [project] = await services.database.db
        .select({ id: projects.id })
        .from(projects)
        .where(
          and(
            eq(projects.organizationId, demo.organizationId),
            eq(projects.name, DEMO_PROJECT.name),
          ),
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
    },
  });
}
