/**
 * Moving between hosts: a one-minute, single-use token that an organisation's subdomain trades
 * for its own session, bound to the browser that asked. A session that single sign-on opened is
 * scoped to its organisation, and so is every session a handoff from it makes (issue #25).
 */
import { AppError, AUTH_LIMITS, sameOriginPath } from '@assay/domain';
import type { FastifyRequest } from 'fastify';
import { organizationOrigin } from '../../http/hosts.ts';
import { hashToken } from '../../platform/crypto.ts';
import type { AppServices } from '../../services.ts';
import { findMembership } from '../organizations/ports.ts';
import { recordSignIn } from './service.ts';
import { createSession, type AuthContext } from './sessions.ts';
import { consumeToken, findLiveToken, issueToken } from './tokens-port.ts';

/**
 * The browser a handoff is made for: its address and user agent, hashed. A handoff link opened
 * by another browser is refused, so a link someone made for their own account cannot sign
 * another person in (issue #25 weakness 2). A cookie cannot carry this: the app host and the
 * organisation's subdomain share none on single-label hosts.
 */
export function browserOf(request: FastifyRequest): string {
  return hashToken(`${request.ip}\n${request.headers['user-agent'] ?? ''}`);
}

/**
 * Moving to an organisation's subdomain: a one-minute, single-use token that the subdomain trades
 * for its own session cookie (browsers refuse shared cookies on single-label hosts like localhost).
 */
export async function createHandoff(
  services: AppServices,
  auth: AuthContext,
  organizationId: string,
  path: string,
  browser: string,
) {
  const scope = auth.session.scopedOrganizationId;
  // A session single sign-on opened moves only within its organisation.
  if (scope && scope !== organizationId) throw new AppError('notAMember');
  const membership = await findMembership(services.database.db, auth.user.id, organizationId);
  if (!membership) throw new AppError('notAMember');
  const token = await issueToken(services.database.db, {
    kind: 'handoff',
    userId: auth.user.id,
    ttlMs: AUTH_LIMITS.handoffTokenSeconds * 1000,
    data: { organizationId, path: sameOriginPath(path), browser, scope },
  });
  const origin = organizationOrigin(services.config, membership.organization.slug);
  return {
    url: `${origin}/api/auth/handoff?token=${token}`,
    organization: membership.organization,
  };
}

export async function redeemHandoff(
  services: AppServices,
  request: FastifyRequest,
  raw: string | undefined,
) {
  const result = await services.transaction(async ({ tx }) => {
    const token = await findLiveToken(tx, raw, ['handoff']);
    await consumeToken(tx, token);
    if (!token.userId) throw new AppError('tokenExpired');
    // Made for another browser: refused (the transaction rolls back, so the browser that asked
    // can still use it within its minute).
    if (token.data.browser !== browserOf(request)) throw new AppError('tokenExpired');
    const scope = typeof token.data.scope === 'string' ? token.data.scope : null;
    const session = await createSession(tx, token.userId, request, { scopedOrganizationId: scope });
    return {
      userId: token.userId,
      organizationId:
        typeof token.data.organizationId === 'string' ? token.data.organizationId : null,
      sessionToken: session.token,
      path: sameOriginPath(token.data.path),
    };
  });
  const membership = result.organizationId
    ? await findMembership(services.database.db, result.userId, result.organizationId)
    : undefined;
  if (membership) {
    await recordSignIn(services, request, membership.organization.id, membership.profileId);
  }
  return { sessionToken: result.sessionToken, path: result.path };
}

/**
 * After single sign-on: a handoff into the organisation whose identity provider vouched for the
 * person; the session it opens is scoped to that organisation.
 */
export async function ssoHandoff(
  services: AppServices,
  userId: string,
  organization: { id: string; slug: string },
  path: string,
  browser: string,
): Promise<string> {
  const token = await issueToken(services.database.db, {
    kind: 'handoff',
    userId,
    ttlMs: AUTH_LIMITS.handoffTokenSeconds * 1000,
    data: {
      organizationId: organization.id,
      path: sameOriginPath(path),
      browser,
      scope: organization.id,
    },
  });
  return `${organizationOrigin(services.config, organization.slug)}/api/auth/handoff?token=${token}`;
}
