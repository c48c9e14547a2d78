/** REST routes for organisations as accounts need them. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError, AUTH_LIMITS, ORGANIZATION_ID_HEADER, emailSchema } from '@assay/domain';
import { appOrigin } from '../../http/hosts.ts';
import { requireAuth } from '../../http/auth-context.ts';
import type { AppServices } from '../../services.ts';
import { users } from '../auth/schema.ts';
import { issueToken } from '../auth/tokens.ts';
import { inviteMail } from '../mail/templates.ts';
import {
  createOrganization,
  findMembership,
  joinOrganization,
  listMemberships,
} from './service.ts';
import { invites } from './schema.ts';

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
    const org = await services.transaction((unit) =>
      createOrganization(unit, auth.user, {
        name: text(b.name),
        slug: text(b.slug),
        // Only a beta code proven at sign-up grants another license, and only to the first organisation.
        license: (first && auth.user.signupLicense) || 'garage',
      }),
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
    const membership = await services.transaction((unit) =>
      joinOrganization(unit, auth.user, organizationId),
    );
    return reply.status(201).send({
      profileId: membership.profileId,
      role: membership.role,
      organization: publicOrganization(membership.organization),
    });
  });

  /** Invites someone by email (owners and admins). */
  app.post('/api/org/organizations/:id/invites', async (request, reply) => {
    const auth = requireAuth(request);
    const { id } = request.params as { id: string };
    const membership = await findMembership(services.database.db, auth.user.id, id);
    if (!membership) throw new AppError('notFound');
    if (membership.role !== 'owner' && membership.role !== 'admin') throw new AppError('forbidden');
    const b = body(request.body);
    const parsed = emailSchema.safeParse(text(b.email));
    if (!parsed.success) throw new AppError('invalidEmail');
    const role = ['admin', 'collaborator', 'limitedContributor'].includes(text(b.role))
      ? text(b.role)
      : 'collaborator';
    const email = parsed.data;
    const ttlMs = AUTH_LIMITS.inviteTokenDays * 24 * 60 * 60 * 1000;
    const invite = await services.transaction(async (unit) => {
      const [row] = await unit.tx
        .insert(invites)
        .values({
          organizationId: id,
          email,
          role,
          invitedByProfileId: membership.profileId,
          expiresAt: new Date(Date.now() + ttlMs),
        })
        .returning();
      if (!row) throw new Error('invite insert returned no row');
      await unit.record({
        name: 'invites.create',
        organizationId: id,
        actorId: membership.profileId,
        subjectType: 'invite',
        subjectId: row.id,
        changes: { email, role },
      });
      return row;
    });
    const [existing] = await services.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    const token = await issueToken(services.database.db, {
      kind: 'invite',
      email,
      ttlMs,
      data: { organizationId: id, inviteId: invite.id },
    });
    const url = existing
      ? `${appOrigin(services.config)}/sign-in?invite=${id}`
      : `${appOrigin(services.config)}/sign-up?token=${token}`;
    await services.mailer.send(inviteMail(email, membership.organization.name, url));
    return reply.status(201).send({ id: invite.id, email, role, status: invite.status });
  });

  app.delete('/api/org/organizations/:id/invites/:inviteId', async (request, reply) => {
    const auth = requireAuth(request);
    const { id, inviteId } = request.params as { id: string; inviteId: string };
    const membership = await findMembership(services.database.db, auth.user.id, id);
    if (!membership) throw new AppError('notFound');
    if (membership.role !== 'owner' && membership.role !== 'admin') throw new AppError('forbidden');
    await services.database.db
      .update(invites)
      .set({ status: 'rescinded' })
      .where(eq(invites.id, inviteId));
    return reply.status(204).send();
  });
}
