/** REST routes for organisations as accounts need them. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AppError,
  organizationUpdateSchema,
  resourceItemSchema,
  resourcesSchema,
  idParams,
  joinedAnswer,
  memberAnswer,
  membersPageAnswer,
  membershipAnswer,
  ORGANIZATION_ID_HEADER,
  organizationAnswer,
  organizationSummaryAnswer,
  pageNumber,
  deleteOrganizationSchema,
  transferOwnershipSchema,
} from '@assay/domain';
import { route } from '../../http/route.ts';
import { requireAccount, requireAuth } from '../../http/auth-context.ts';
import { requestContext, requireMember } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { restoreOrganization, scheduleDeletion } from './deletion.ts';
import { leaveOrganization } from './leave.ts';
import { transferOwnership } from './ownership.ts';
import { listMembers } from './members.ts';
import { updateOrganization, updateResource } from './settings.ts';
import {
  createOrganization,
  joinOrganization,
  listMemberships,
  organizationList,
} from './service.ts';

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

const orgParams = idParams;

export function registerOrganizationRoutes(app: FastifyInstance, services: AppServices) {
  route(app, {
    method: 'GET',
    url: '/api/org/organizations',
    summary: 'The organisations you belong to, with your role in each.',
    auth: 'session',
    answer: z.array(membershipAnswer),
    handler: ({ request }) => organizationList(services.database.db, requireAuth(request)),
  });

  route(app, {
    method: 'POST',
    url: '/api/org/organizations',
    summary: 'Creates an organisation (its name and subdomain).',
    auth: 'session',
    body: z.looseObject({ name: z.unknown().optional(), slug: z.unknown().optional() }).optional(),
    answer: organizationSummaryAnswer,
    status: 201,
    async handler({ request, input }) {
      const auth = requireAccount(request);
      const b = body(input().body);
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
      return publicOrganization(org);
    },
  });

  /** Creates the signed-in user's profile in an organisation they were invited to. */
  route(app, {
    method: 'POST',
    url: '/api/users/profiles',
    summary: 'Joins an organisation you were invited to (X-Organization-Id or organizationId).',
    auth: 'session',
    body: z
      .looseObject({
        organizationId: z.unknown().optional(),
        /** The address the invitation was sent to, when the person came by its link. */
        invitedEmail: z.string().max(320).optional(),
      })
      .optional(),
    answer: joinedAnswer,
    status: 201,
    async handler({ request, input }) {
      const auth = requireAccount(request);
      const header = request.headers[ORGANIZATION_ID_HEADER];
      const organizationId =
        typeof header === 'string' ? header : text(body(input().body).organizationId);
      if (!organizationId) throw new AppError('joinFailed');
      // Signed in as someone else than the invitation's address: ref 22 (part 1 §8), not a join.
      const invited = input().body?.invitedEmail?.trim().toLowerCase();
      if (invited && invited !== auth.user.email.toLowerCase()) throw new AppError('mismatch');
      const membership = await services.transaction(
        (unit) => joinOrganization(unit, auth.user, organizationId),
        { context: requestContext(request) },
      );
      return {
        profileId: membership.profileId,
        role: membership.role,
        organization: publicOrganization(membership.organization),
      };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/api/org/organizations/:id',
    summary: 'Updates the organisation’s settings.',
    auth: 'session',
    params: orgParams,
    body: organizationUpdateSchema,
    // Owners and admins only: the use case checks the role before the body (decision 010).
    bodyCheckedBy: 'useCase',
    answer: organizationAnswer,
    async handler({ request, input }) {
      const { id } = request.params as { id: string };
      const member = await requireMember(services, request, { organizationId: id });
      return updateOrganization(services, member, id, input().body, requestContext(request));
    },
  });

  route(app, {
    method: 'PUT',
    url: '/api/org/organizations/:id/resources',
    summary: 'Replaces the organisation’s resource links.',
    auth: 'session',
    params: orgParams,
    body: resourcesSchema,
    // Owners and admins only: the use case checks the role before the body (decision 010).
    bodyCheckedBy: 'useCase',
    answer: organizationAnswer,
    async handler({ request, input }) {
      const { id } = request.params as { id: string };
      const member = await requireMember(services, request, { organizationId: id });
      const change = { resources: input().body };
      return updateOrganization(services, member, id, change, requestContext(request));
    },
  });

  route(app, {
    method: 'PUT',
    url: '/api/org/organizations/:id/resources/:resourceId',
    summary: 'Changes one resource link.',
    auth: 'session',
    params: orgParams.extend({ resourceId: z.string() }),
    body: resourceItemSchema.pick({ title: true, link: true }).partial(),
    bodyCheckedBy: 'useCase',
    answer: organizationAnswer,
    async handler({ request, input }) {
      const { id, resourceId } = request.params as { id: string; resourceId: string };
      const member = await requireMember(services, request, { organizationId: id });
      const b = body(input().body);
      const change = { title: b.title, link: b.link };
      return updateResource(services, member, id, resourceId, change, requestContext(request));
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/org/organizations/:id/membership',
    summary: 'Leaves the organisation (not its last owner); what you made stays with it.',
    auth: 'session',
    params: orgParams,
    answer: z.object({ left: z.boolean() }),
    async handler({ request, input }) {
      const { id } = input().params;
      // Leaving works in a read-only organisation too.
      const member = await requireMember(services, request, {
        organizationId: id,
        whileReadOnly: true,
      });
      return leaveOrganization(services, member, id, requestContext(request));
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/org/organizations/:id/ownership',
    summary: 'Hands the organisation to another member: they become owner, you an admin.',
    auth: 'session',
    params: orgParams,
    body: transferOwnershipSchema,
    answer: z.object({ owner: memberAnswer, formerOwner: memberAnswer }),
    async handler({ request, input }) {
      const { params, body: given } = input();
      const member = await requireMember(services, request, {
        organizationId: params.id,
        whileReadOnly: true,
      });
      return transferOwnership(
        services,
        member,
        params.id,
        given.profileId,
        requestContext(request),
      );
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/org/organizations/:id',
    summary:
      'Schedules the organisation’s deletion (owners; its name typed to confirm): it closes now, its subscription stops renewing, and it is removed after 14 days unless restored.',
    auth: 'session',
    params: orgParams,
    body: deleteOrganizationSchema,
    answer: z.object({ deletionDueAt: z.string() }),
    async handler({ request, input }) {
      const { params, body: given } = input();
      const member = await requireMember(services, request, {
        organizationId: params.id,
        duringDeletion: true,
        whileReadOnly: true,
      });
      return scheduleDeletion(services, member, params.id, given, requestContext(request));
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/org/organizations/:id/restore',
    summary: 'Restores an organisation scheduled for deletion, as it was (owners).',
    auth: 'session',
    params: orgParams,
    answer: z.object({ restored: z.boolean() }),
    async handler({ request, input }) {
      const { id } = input().params;
      const member = await requireMember(services, request, {
        organizationId: id,
        duringDeletion: true,
        whileReadOnly: true,
      });
      return restoreOrganization(services, member, id, requestContext(request));
    },
  });

  /** GET /api/users/profiles?paginate=true&search&role&disabled&page&pageSize: total in X-Total-Count. */
  route(app, {
    method: 'GET',
    url: '/api/users/profiles',
    summary: 'The organisation’s members, filtered (the total in X-Total-Count).',
    auth: 'session',
    query: z.object({
      paginate: z.string().optional(),
      search: z.string().optional(),
      role: z.string().optional(),
      disabled: z.string().optional(),
      page: z.string().optional(),
      pageSize: z.string().optional(),
    }),
    answer: z.union([membersPageAnswer, z.array(memberAnswer)]),
    async handler({ request, reply, input }) {
      const member = await requireMember(services, request);
      const q = input().query;
      const result = await listMembers(services, member, {
        search: q.search ?? null,
        role: q.role ?? null,
        disabled: q.disabled === undefined ? null : q.disabled === 'true',
        page: q.page ? pageNumber(q.page, 1) : null,
        pageSize: q.pageSize ? Number(q.pageSize) : null,
      });
      reply.header('X-Total-Count', String(result.total));
      return q.paginate === 'true' ? result : result.members;
    },
  });
}
