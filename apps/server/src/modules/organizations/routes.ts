/** REST routes for organisations as accounts need them. */
import type { FastifyInstance } from 'fastify';
import { AppError, ORGANIZATION_ID_HEADER, pageNumber } from '@assay/domain';
import { requireAuth } from '../../http/auth-context.ts';
import { requestContext, requireMember } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { listMembers } from './members.ts';
import { updateOrganization, updateResource } from './settings.ts';
import { createOrganization, joinOrganization, listMemberships } from './service.ts';

type Body = Record<string, unknown>;
const body = (value: unknown): Body =>
  typeof value === 'object' && value !== null ? (value as Body) : {};
const text = (value: unknown) => (typeof value === 'string' ? value : '');

const publicOrganization = (o: { id: string; name: string; slug: string; license: string }) => ({
  id: o.id,
  name: o.name,
  slug: o.slug,
  license: o.license,
});

export function registerOrganizationRoutes(app: FastifyInstance, services: AppServices) {
  app.get('/api/org/organizations', async (request) => {
    const auth = requireAuth(request);
    const memberships = await listMemberships(services.database.db, auth.user.id);
    return memberships.map((m) => ({
      ...publicOrganization(m.organization),
      role: m.role,
      profileId: m.profileId,
    }));
  });

  app.post('/api/org/organizations', async (request, reply) => {
    const auth = requireAuth(request);
    const b = body(request.body);
    const first = (await listMemberships(services.database.db, auth.user.id)).length === 0;
    const org = await services.transaction(
      (unit) =>
        createOrganization(unit, auth.user, {
          name: text(b.name),
          slug: text(b.slug),
          // Only a beta code proven at sign-up grants another license, and only to the first organisation.
          license: (first && auth.user.signupLicense) || 'garage',
        }),
      { context: requestContext(request) },
    );
    return reply.status(201).send(publicOrganization(org));
  });

  /** Creates the signed-in user's profile in an organisation they were invited to. */
  app.post('/api/users/profiles', async (request, reply) => {
    const auth = requireAuth(request);
    const header = request.headers[ORGANIZATION_ID_HEADER];
    const organizationId =
      typeof header === 'string' ? header : text(body(request.body).organizationId);
    if (!organizationId) throw new AppError('joinFailed');
    const membership = await services.transaction(
      (unit) => joinOrganization(unit, auth.user, organizationId),
      { context: requestContext(request) },
    );
    return reply.status(201).send({
      profileId: membership.profileId,
      role: membership.role,
      organization: publicOrganization(membership.organization),
    });
  });

  app.put('/api/org/organizations/:id', async (request) => {
    const { id } = request.params as { id: string };
    const member = await requireMember(services, request, { organizationId: id });
    return updateOrganization(services, member, id, request.body, requestContext(request));
  });

  app.put('/api/org/organizations/:id/resources', async (request) => {
    const { id } = request.params as { id: string };
    const member = await requireMember(services, request, { organizationId: id });
    return updateOrganization(
      services,
      member,
      id,
      { resources: request.body },
      requestContext(request),
    );
  });

  app.put('/api/org/organizations/:id/resources/:resourceId', async (request) => {
    const { id, resourceId } = request.params as { id: string; resourceId: string };
    const member = await requireMember(services, request, { organizationId: id });
    const b = body(request.body);
    return updateResource(
      services,
      member,
      id,
      resourceId,
      { title: b.title, link: b.link },
      requestContext(request),
    );
  });

  /** GET /api/users/profiles?paginate=true&search&role&disabled&page&pageSize: total in X-Total-Count. */
  app.get('/api/users/profiles', async (request, reply) => {
    const member = await requireMember(services, request);
    const q = request.query as Record<string, string | undefined>;
    const result = await listMembers(services, member, {
      search: q.search ?? null,
      role: q.role ?? null,
      disabled: q.disabled === undefined ? null : q.disabled === 'true',
      page: q.page ? pageNumber(q.page, 1) : null,
      pageSize: q.pageSize ? Number(q.pageSize) : null,
    });
    reply.header('X-Total-Count', String(result.total));
    return q.paginate === 'true' ? result : result.members;
  });
}
