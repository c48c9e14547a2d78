/** REST routes of accounts (spec part 1 §7.2), thin: parse, call the use case, answer. */
import type { FastifyInstance } from 'fastify';
import { AppError, MFA_REQUIRED_HEADER, ORGANIZATION_SLUG_HEADER } from '@assay/domain';
import { requireAuth } from '../../http/auth-context.ts';
import type { AppServices } from '../../services.ts';
import { slugStatus } from '../organizations/ports.ts';
import {
  checkLicenseKey,
  confirmEmailChange,
  createUser,
  describeToken,
  forgotPassword,
  myInvites,
  resetPassword,
  signIn,
  startSignup,
} from './service.ts';
import { browserOf, createHandoff, redeemHandoff } from './handoff.ts';
import {
  clearSessionCookie,
  listSessions,
  revokeAllSessions,
  revokeSession,
  setSessionCookie,
} from './sessions.ts';
import { users } from './schema.ts';
import { eq } from 'drizzle-orm';

type Body = Record<string, unknown>;
const body = (value: unknown): Body =>
  typeof value === 'object' && value !== null ? (value as Body) : {};
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function publicUser(user: typeof users.$inferSelect) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    mfaEnabled: Boolean(user.mfaSecret),
  };
}

export function registerAuthRoutes(app: FastifyInstance, services: AppServices) {
  const { config } = services;

  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/auth/organizations/:slug',
    handler: async (request, reply) => {
      const { slug } = request.params as { slug: string };
      const status = await slugStatus(services.database.db, slug);
      reply.header('X-Exists', String(status.exists)).header('X-SSO', String(status.sso));
      return request.method === 'HEAD' ? reply.send() : reply.send(status);
    },
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/auth/keys/:code',
    handler: async (request, reply) => {
      const { code } = request.params as { code: string };
      const { licenseType } = request.query as { licenseType?: string };
      const license = await checkLicenseKey(services, code, licenseType || undefined);
      return request.method === 'HEAD'
        ? reply.header('X-License', license).send()
        : reply.send({ license });
    },
  });

  app.post('/api/auth/signups', async (request, reply) => {
    const b = body(request.body);
    const result = await startSignup(services, {
      email: b.email,
      licenseKey: b.licenseKey,
      license: b.license,
    });
    return reply.status(202).send(result);
  });

  app.get('/api/auth/token', async (request) => {
    const { token } = request.query as { token?: string };
    const info = await describeToken(services, token);
    const [existing] = info.email
      ? await services.database.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, info.email))
      : [];
    return { ...info, userExists: Boolean(existing) };
  });

  app.post('/api/auth/users', async (request, reply) => {
    const b = body(request.body);
    const result = await createUser(services, request, b);
    setSessionCookie(reply, config, result.sessionToken);
    return reply.status(201).send({
      user: publicUser(result.user),
      license: result.license,
      organization: result.organization
        ? {
            id: result.organization.id,
            name: result.organization.name,
            slug: result.organization.slug,
          }
        : null,
    });
  });

  app.post('/api/auth/session', async (request, reply) => {
    const b = body(request.body);
    const slugHeader = request.headers[ORGANIZATION_SLUG_HEADER];
    const result = await signIn(services, request, {
      email: b.email,
      password: b.password,
      code: b.code,
      organizationSlug: typeof slugHeader === 'string' && slugHeader ? slugHeader : undefined,
    });
    if (result.kind === 'mfaRequired') {
      return reply.header(MFA_REQUIRED_HEADER, 'true').send({ mfaRequired: true });
    }
    // Rotation: the session this browser had before (if any) ends with the new sign-in.
    if (request.auth)
      await revokeSession(services.database.db, request.auth.session.id, request.auth.user.id);
    setSessionCookie(reply, config, result.sessionToken);
    return reply.send({ user: publicUser(result.user), organizationSlug: result.organizationSlug });
  });

  app.delete('/api/auth/session/:id', async (request, reply) => {
    const auth = requireAuth(request);
    const { id } = request.params as { id: string };
    const revoked = await revokeSession(services.database.db, id, auth.user.id);
    if (!revoked) throw new AppError('notFound');
    if (id === auth.session.id) clearSessionCookie(reply, config);
    return reply.status(204).send();
  });

  app.delete('/api/auth/session', async (request, reply) => {
    const auth = requireAuth(request);
    await revokeAllSessions(services.database.db, auth.user.id);
    clearSessionCookie(reply, config);
    return reply.status(204).send();
  });

  app.get('/api/auth/sessions', async (request) => {
    const auth = requireAuth(request);
    const rows = await listSessions(services.database.db, auth.user.id);
    return rows.map((s) => ({
      id: s.id,
      device: s.userAgent ?? '',
      ip: s.ip ?? '',
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      current: s.id === auth.session.id,
    }));
  });

  app.get('/api/auth/me', async (request) => publicUser(requireAuth(request).user));

  app.post('/api/auth/password/forgot', async (request, reply) => {
    return reply
      .status(202)
      .send(await forgotPassword(services, { email: body(request.body).email }));
  });

  app.put('/api/auth/password', async (request) => {
    const b = body(request.body);
    return resetPassword(services, { token: b.token, password: b.password });
  });

  app.put('/api/auth/email', async (request) =>
    confirmEmailChange(services, { token: body(request.body).token }),
  );

  app.get('/api/auth/invites', async (request) => myInvites(services, requireAuth(request)));

  app.post('/api/auth/handoff', async (request) => {
    const b = body(request.body);
    const result = await createHandoff(
      services,
      requireAuth(request),
      text(b.organizationId),
      text(b.path) || '/',
      browserOf(request),
    );
    return { url: result.url };
  });

  app.get('/api/auth/handoff', async (request, reply) => {
    const { token } = request.query as { token?: string };
    try {
      const result = await redeemHandoff(services, request, token);
      setSessionCookie(reply, config, result.sessionToken);
      return reply.redirect(result.path, 303);
    } catch (error) {
      if (error instanceof AppError && error.code === 'tokenExpired')
        return reply.redirect('/token-error', 303);
      throw error;
    }
  });
}
