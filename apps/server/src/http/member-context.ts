/**
 * The organisation a request acts in — the subdomain it came to, or the x-organization-id header
 * on the app host — and the signed-in user's membership of it. Another organisation's data is
 * simply not found.
 */
import type { FastifyRequest } from 'fastify';
import {
  AppError,
  CLIENT_ID_HEADER,
  organizationBillingStatus,
  organizationHasFeature,
  ORGANIZATION_ID_HEADER,
  PROJECT_ID_HEADER,
  type Feature,
  type License,
} from '@assay/domain';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { sessions, userSessionColumns, users } from '../modules/auth/schema.ts';
import { noteSessionSeen, resolveSession, type AuthContext } from '../modules/auth/sessions.ts';
import { organizations, profiles } from '../modules/organizations/schema.ts';
import {
  projectAccessColumns,
  projectMembers,
  projects,
  type ProjectAccessRow,
} from '../modules/projects/schema.ts';
import { hashToken } from '../platform/crypto.ts';
import { prepared } from '../platform/db/prepared.ts';
import type { OrganizationRow } from '../modules/organizations/schema.ts';
import { findMembership, findOrganizationBySlug } from '../modules/organizations/service.ts';
import type { AppServices } from '../services.ts';
import { classifyHost } from './hosts.ts';
import { createIdentityCache, type IdentityCache } from './identity-cache.ts';
import { isWriteRequest } from './write-requests.ts';

export interface MemberContext {
  auth: AuthContext;
  organization: OrganizationRow;
  profileId: string;
  role: string;
  /** The member as others see them on cards (names, image, avatar colour). */
  person: {
    profileId: string;
    firstName: string;
    lastName: string;
    image: string | null;
    bgColor: number;
  };
  /** Organisations (by slug) given each slug-limited feature, from the configuration. */
  featureSlugs: Record<string, string[]>;
  /**
   * The project the request named (x-project-id) and the member's own role in it, read with the
   * session in the same statement; access rules are still applied where the project is used.
   */
  project?: {
    row: ProjectAccessRow;
    role: string | null;
    /**
     * From the instance's identity cache (#53): every column is current but the project's card
     * version, which moves with each card write and is not followed there.
     */
    cached: boolean;
  };
}

export interface RequestContext {
  ip: string;
  device: string;
  /** The browser tab that asked (its realtime echo is ignored there). */
  clientId?: string;
  /** The request's id, carried into the jobs its events queue (logs join on it). */
  requestId?: string;
}

const cache = new WeakMap<FastifyRequest, Promise<MemberContext>>();

type Membership = NonNullable<Awaited<ReturnType<typeof findMembership>>>;
/** Memberships found with the session, by request (see resolveIdentity). */
const preloaded = new WeakMap<
  FastifyRequest,
  {
    organizationId: string;
    membership: Membership | null;
    project: { row: ProjectAccessRow; role: string | null; cached: boolean } | null;
  }
>();

/** The project a request says it works in (the x-project-id header), when it is an id. */
function projectHint(request: FastifyRequest): string | null {
  const header = request.headers[PROJECT_ID_HEADER];
  return typeof header === 'string' && /^[0-9a-f-]{36}$/i.test(header)
    ? header.toLowerCase()
    : null;
}

/** The organisation a request names by its subdomain or (on other hosts) its header. */
export function organizationHint(
  request: FastifyRequest,
  appDomain: string,
): { id: string | null; slug: string | null } | null {
  const host = classifyHost(request.headers.host, appDomain);
  if (host.kind === 'organization') return { id: null, slug: host.slug };
  const header = request.headers[ORGANIZATION_ID_HEADER];
  if (typeof header === 'string' && /^[0-9a-f-]{36}$/i.test(header))
    return { id: header, slug: null };
  return null;
}

/** The statement that reads a request's identity (see resolveIdentity). */
function identityQuery(services: AppServices) {
  return prepared(services.database.db, 'identity', (d) =>
    d
      .select({
        session: sessions,
        user: userSessionColumns,
        organization: organizations,
        profileId: profiles.id,
        role: profiles.role,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        image: profiles.image,
        bgColor: profiles.bgColor,
        project: projectAccessColumns,
        projectRole: projectMembers.role,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(
        organizations,
        or(
          eq(organizations.id, sql`${sql.placeholder('organizationId')}::uuid`),
          eq(organizations.slug, sql.placeholder('slug')),
        ),
      )
      .leftJoin(
        profiles,
        and(eq(profiles.userId, users.id), eq(profiles.organizationId, organizations.id)),
      )
      // The project the request names, in that organisation, with the member's own role: the
      // project's access check then needs no round trip of its own.
      .leftJoin(
        projects,
        and(
          eq(projects.id, sql`${sql.placeholder('projectId')}::uuid`),
          eq(projects.organizationId, organizations.id),
        ),
      )
      .leftJoin(
        projectMembers,
        and(eq(projectMembers.projectId, projects.id), eq(projectMembers.profileId, profiles.id)),
      )
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('hash')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
        ),
      )
      .limit(1)
      .prepare('identity'),
  );
}

type IdentityRow = Awaited<ReturnType<ReturnType<typeof identityQuery>['execute']>>[number];

/** Each app instance's identity cache (#53), opened with its request hooks. */
const identityCaches = new WeakMap<AppServices, IdentityCache<IdentityRow>>();

/** The instance's identity cache (its figures, for tests and metrics). */
export function identityCacheOf(services: AppServices) {
  return identityCaches.get(services);
}

/** Opens the instance's identity cache; it stops listening when the app closes. */
export function openIdentityCache(services: AppServices): () => void {
  const cache = createIdentityCache<IdentityRow>(services.database);
  identityCaches.set(services, cache);
  return () => {
    cache.close();
    identityCaches.delete(services);
  };
}

/**
 * The session, its user and — when the request names an organisation — the membership there, in
 * one prepared statement, or from the instance's identity cache; the member context later uses
 * what it found without asking again.
 */
export async function resolveIdentity(
  services: AppServices,
  request: FastifyRequest,
  token: string,
): Promise<AuthContext | null> {
  const hint = organizationHint(request, services.config.appDomain);
  if (!hint) return resolveSession(services.database.db, token);
  if (token.length > 200) return null;
  const hash = hashToken(token);
  const slug = hint.slug?.toLowerCase() ?? null;
  const projectId = projectHint(request);
  const cache = identityCaches.get(services);
  const key = `${hash}|${hint.id ?? ''}|${slug ?? ''}|${projectId ?? ''}`;
  let row = cache?.get(key);
  // A cached session still ends when it expires.
  if (row && row.session.expiresAt.getTime() <= Date.now()) row = undefined;
  const cached = row !== undefined;
  if (!row) {
    const since = cache?.generation() ?? 0;
    [row] = await identityQuery(services).execute({
      hash,
      now: new Date().toISOString(),
      organizationId: hint.id,
      slug,
      projectId,
    });
    if (!row) return null;
    cache?.set(
      key,
      row,
      { userId: row.user.id, organizationId: row.organization?.id ?? null },
      since,
    );
  }
  await noteSessionSeen(services.database.db, row.session);
  if (row.organization) {
    preloaded.set(request, {
      organizationId: row.organization.id,
      membership:
        row.profileId && row.role && row.role !== 'disabled'
          ? {
              // A copy: a use case may note a change on its member's organisation.
              organization: { ...row.organization },
              profileId: row.profileId,
              role: row.role,
              firstName: row.firstName ?? '',
              lastName: row.lastName ?? '',
              image: row.image ?? null,
              bgColor: row.bgColor ?? 1,
            }
          : null,
      project:
        row.project && row.profileId
          ? { row: { ...row.project }, role: row.projectRole ?? null, cached }
          : null,
    });
  }
  return { session: row.session, user: row.user };
}

async function resolve(
  services: AppServices,
  request: FastifyRequest,
  explicitId: string | undefined,
): Promise<MemberContext> {
  const auth = request.auth;
  if (!auth) throw new AppError('unauthenticated');
  const host = classifyHost(request.headers.host, services.config.appDomain);
  let organizationId: string | undefined;
  if (host.kind === 'organization') {
    const early = preloaded.get(request);
    organizationId =
      early?.membership?.organization.slug === host.slug
        ? early.organizationId
        : (await findOrganizationBySlug(services.database.db, host.slug))?.id;
    // A path naming another organisation than the subdomain's finds nothing.
    if (explicitId && explicitId !== organizationId) organizationId = undefined;
  } else if (explicitId) {
    organizationId = /^[0-9a-f-]{36}$/i.test(explicitId) ? explicitId : undefined;
  } else {
    const header = request.headers[ORGANIZATION_ID_HEADER];
    organizationId =
      typeof header === 'string' && /^[0-9a-f-]{36}$/i.test(header) ? header : undefined;
  }
  if (!organizationId) throw new AppError('notFound');
  // A session single sign-on opened opens its own organisation only.
  const scope = auth.session.scopedOrganizationId;
  if (scope && scope !== organizationId) throw new AppError('notFound');
  const early = preloaded.get(request);
  const membership =
    early && early.organizationId === organizationId
      ? early.membership
      : await findMembership(services.database.db, auth.user.id, organizationId);
  if (!membership) throw new AppError('notFound');
  const project = early && early.organizationId === organizationId ? early.project : null;
  return {
    auth,
    ...(project ? { project } : {}),
    organization: membership.organization,
    profileId: membership.profileId,
    role: membership.role,
    person: {
      profileId: membership.profileId,
      firstName: membership.firstName,
      lastName: membership.lastName,
      image: membership.image,
      bgColor: membership.bgColor,
    },
    featureSlugs: services.config.featureSlugs,
  };
}

/**
 * The signed-in member of the request's organisation (401 signed out, 404 not a member). An
 * organisation scheduled for deletion is closed (#29): only what `duringDeletion` routes do
 * (restoring it) goes on. An organisation whose plan expired is read-only (#30): a write is
 * refused (402, ref 2087) unless the route says `whileReadOnly`.
 */
export async function requireMember(
  services: AppServices,
  request: FastifyRequest,
  options: { organizationId?: string; duringDeletion?: boolean; whileReadOnly?: boolean } = {},
): Promise<MemberContext> {
  let pending = cache.get(request);
  if (!pending) {
    pending = resolve(services, request, options.organizationId);
    cache.set(request, pending);
  }
  const member = await pending;
  if (member.organization.deletionDueAt && !options.duringDeletion) {
    throw new AppError('organizationClosing');
  }
  // An expired plan leaves the organisation read-only (#30): reads and exports go on, writes wait
  // for an owner to renew it — the billing routes say `whileReadOnly`, and so do leaving,
  // exporting and deleting the organisation.
  if (
    !options.whileReadOnly &&
    isWriteRequest(request) &&
    organizationBillingStatus(member.organization.billing).isExpired
  ) {
    throw new AppError('organizationReadOnly');
  }
  return member;
}

export function requestContext(request: FastifyRequest): RequestContext {
  const clientId = request.headers[CLIENT_ID_HEADER];
  return {
    ip: request.ip,
    device: (request.headers['user-agent'] ?? '').slice(0, 400),
    requestId: request.id,
    ...(typeof clientId === 'string' && /^[\w-]{8,64}$/.test(clientId) ? { clientId } : {}),
  };
}

/** Whether the member's organisation has a feature (its plan, or its slug named for the feature). */
export function memberHasFeature(member: MemberContext, feature: Feature): boolean {
  return organizationHasFeature(
    { ...member.organization, license: member.organization.license as License },
    feature,
    member.featureSlugs,
  );
}

/**
 * Refuses a feature the member's plan does not have (ref 2045), naming the feature in the error's
 * context so the client can show the feature alert with the plan that brings it.
 */
export function requireFeature(member: MemberContext, feature: Feature): void {
  if (!memberHasFeature(member, feature))
    throw new AppError('featureUnavailable', { context: feature });
}
