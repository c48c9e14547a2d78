/**
 * The organisation a request acts in — the subdomain it came to, or the x-organization-id header
 * on the app host — and the signed-in user's membership of it. Another organisation's data is
 * simply not found.
 */
import type { FastifyRequest } from 'fastify';
import { AppError, ORGANIZATION_ID_HEADER } from '@assay/domain';
import type { AuthContext } from '../modules/auth/sessions.ts';
import type { OrganizationRow } from '../modules/organizations/schema.ts';
import { findMembership, findOrganizationBySlug } from '../modules/organizations/service.ts';
import type { AppServices } from '../services.ts';
import { classifyHost } from './hosts.ts';

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
}

export interface RequestContext {
  ip: string;
  device: string;
}

const cache = new WeakMap<FastifyRequest, Promise<MemberContext>>();

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
    organizationId = (await findOrganizationBySlug(services.database.db, host.slug))?.id;
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
  const membership = await findMembership(services.database.db, auth.user.id, organizationId);
  if (!membership) throw new AppError('notFound');
  return {
    auth,
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

/** The signed-in member of the request's organisation (401 signed out, 404 not a member). */
export function requireMember(
  services: AppServices,
  request: FastifyRequest,
  options: { organizationId?: string } = {},
): Promise<MemberContext> {
  let pending = cache.get(request);
  if (!pending) {
    pending = resolve(services, request, options.organizationId);
    cache.set(request, pending);
  }
  return pending;
}

export function requestContext(request: FastifyRequest): RequestContext {
  return { ip: request.ip, device: (request.headers['user-agent'] ?? '').slice(0, 400) };
}
