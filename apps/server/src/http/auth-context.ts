/** Attaches the signed-in user (if any) to API requests. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCESS_TOKENS, AppError, MCP_PATH, SESSION_COOKIE } from '@assay/domain';
import { resolveSession, type AuthContext } from '../modules/auth/sessions.ts';
import { openIdentityCache, resolveIdentity } from './member-context.ts';
import type { AppServices } from '../services.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const ACCESS_TOKEN_BEARER = new RegExp(`^Bearer (${ACCESS_TOKENS.prefix}[A-Za-z0-9_-]{20,100})$`);

export function registerAuthContext(app: FastifyInstance, services: AppServices) {
  app.decorateRequest('auth', null);
  const closeIdentityCache = openIdentityCache(services);
  app.addHook('onClose', async () => closeIdentityCache());
  app.addHook('preHandler', async (request) => {
    // The MCP server (issue #52) takes a personal access token only, never the session cookie:
    // a page open in a browser cannot call it on a member's behalf.
    if (request.url === MCP_PATH || request.url.startsWith(`${MCP_PATH}?`)) {
      const token = ACCESS_TOKEN_BEARER.exec(request.headers.authorization ?? '')?.[1];
      request.auth = token ? await resolveSession(services.database.db, token) : null;
      return;
    }
    if (!request.url.startsWith('/api/')) return;
    // The browser extension sends its personal token instead of a cookie (its calls only).
    const bearer = request.url.startsWith('/api/extension/')
      ? /^Bearer (asy_[A-Za-z0-9_-]{20,100})$/.exec(request.headers.authorization ?? '')?.[1]
      : undefined;
    request.auth = await authenticate(services, request, bearer);
  });
}

/** Who the request's session cookie (or the extension's token) belongs to, if anyone. */
export async function authenticate(
  services: AppServices,
  request: FastifyRequest,
  bearer?: string,
): Promise<AuthContext | null> {
  const token = request.cookies[SESSION_COOKIE] ?? bearer;
  return token ? resolveIdentity(services, request, token) : null;
}

/** The signed-in user, or 401. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('unauthenticated');
  return request.auth;
}

/**
 * The signed-in account itself, or 403: a session single sign-on opened speaks for its
 * organisation only, never for the account (its sessions, invitations, other organisations).
 */
export function requireAccount(request: FastifyRequest): AuthContext {
  const auth = requireAuth(request);
  if (auth.session.scopedOrganizationId) throw new AppError('forbidden');
  return auth;
}
