/** Attaches the signed-in user (if any) to API requests. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, SESSION_COOKIE } from '@assay/domain';
import type { AuthContext } from '../modules/auth/sessions.ts';
import { resolveIdentity } from './member-context.ts';
import type { AppServices } from '../services.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function registerAuthContext(app: FastifyInstance, services: AppServices) {
  app.decorateRequest('auth', null);
  app.addHook('preHandler', async (request) => {
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
