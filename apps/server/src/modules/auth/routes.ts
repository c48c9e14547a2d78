/** REST routes of accounts (spec part 1 §7.2), thin: parse, call the use case, answer. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  emailChangeBody,
  forgotPasswordBody,
  handoffBody,
  newUserBody,
  resetPasswordBody,
  signInBody,
  signupStartBody,
  AppError,
  emailChangedAnswer,
  handoffAnswer,
  inviteAnswer,
  licenseAnswer,
  MFA_REQUIRED_HEADER,
  newUserAnswer,
  noContent,
  okAnswer,
  ORGANIZATION_SLUG_HEADER,
  sentAnswer,
  sessionAnswer,
  signInAnswer,
  slugStatusAnswer,
  tokenAnswer,
  userAnswer,
} from '@assay/domain';
import { route } from '../../http/route.ts';
import { requireAccount, requireAuth } from '../../http/auth-context.ts';
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
import { deleteAccount } from './account-deletion.ts';
import { browserOf, createHandoff, redeemHandoff } from './handoff.ts';
import { requestContext } from '../../http/member-context.ts';
import {
  clearSessionCookie,
  listSessions,
  revokeAllSessions,
  revokeSession,
  setDeviceCookie,
  setSessionCookie,
} from './sessions.ts';
import { users, type SessionUser } from './schema.ts';
import { eq } from 'drizzle-orm';

type Body = Record<string, unknown>;
const body = (value: unknown): Body =>
  typeof value === 'object' && value !== null ? (value as Body) : {};
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function publicUser(user: SessionUser) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    mfaEnabled: user.mfaEnabledAt !== null,
  };
}

const slugParams = z.object({ slug: z.string() });

export function registerAuthRoutes(app: FastifyInstance, services: AppServices) {
  const { config } = services;

  // HEAD answers the same headers without the body (Fastify's HEAD twin of each GET).
  route(app, {
    method: 'GET',
    url: '/api/auth/organizations/:slug',
    summary: 'Whether a subdomain is taken (X-Exists) and signs in through SSO (X-SSO).',
    auth: 'public',
    params: slugParams,
    answer: slugStatusAnswer,
    async handler({ reply, input }) {
      const status = await slugStatus(services.database.db, input().params.slug);
      reply.header('X-Exists', String(status.exists)).header('X-SSO', String(status.sso));
      return status;
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/auth/keys/:code',
    summary: 'Checks a beta (invite) code: the license it grants (also in X-License).',
    auth: 'public',
    params: z.object({ code: z.string() }),
    query: z.object({ licenseType: z.string().optional() }),
    answer: licenseAnswer,
    async handler({ reply, input }) {
      const { params, query } = input();
      const license = await checkLicenseKey(services, params.code, query.licenseType || undefined);
      reply.header('X-License', license);
      return { license };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/auth/signups',
    summary: 'Starts a sign-up: mails a confirmation link (the same answer either way).',
    auth: 'public',
    body: signupStartBody,
    // Checked by the use case, with the catalogue's words for each field (decision 010).
    bodyCheckedBy: 'useCase',
    answer: sentAnswer,
    status: 202,
    async handler({ input }) {
      const b = body(input().body);
      return startSignup(services, {
        email: b.email,
        licenseKey: b.licenseKey,
        license: b.license,
      });
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/auth/token',
    summary: 'What an emailed link stands for, before it is used.',
    auth: 'public',
    query: z.object({ token: z.string().optional() }),
    answer: tokenAnswer,
    async handler({ input }) {
      const info = await describeToken(services, input().query.token);
      const [existing] = info.email
        ? await services.database.db
            .select({ id: users.id })
            .from(users)
            .where(eq(users.email, info.email))
        : [];
      return { ...info, userExists: Boolean(existing) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/auth/users',
    summary: 'Creates the account from a confirmation link, signed in.',
    auth: 'public',
    body: newUserBody,
    // Checked by the use case, with the catalogue's words for each field (decision 010).
    bodyCheckedBy: 'useCase',
    answer: newUserAnswer,
    status: 201,
    async handler({ request, reply, input }) {
      const result = await createUser(services, request, body(input().body));
      setSessionCookie(reply, config, result.sessionToken);
      return {
        user: publicUser(result.user),
        license: result.license,
        organization: result.organization
          ? {
              id: result.organization.id,
              name: result.organization.name,
              slug: result.organization.slug,
            }
          : null,
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/auth/session',
    summary: 'Signs in (email, password, and the second factor when asked for).',
    auth: 'public',
    body: signInBody,
    // Checked by the use case, with the catalogue's words for each field (decision 010).
    bodyCheckedBy: 'useCase',
    answer: signInAnswer,
    async handler({ request, reply, input }) {
      const b = body(input().body);
      const slugHeader = request.headers[ORGANIZATION_SLUG_HEADER];
      const result = await signIn(services, request, {
        email: b.email,
        password: b.password,
        code: b.code,
        organizationSlug: typeof slugHeader === 'string' && slugHeader ? slugHeader : undefined,
      });
      if (result.kind === 'mfaRequired') {
        reply.header(MFA_REQUIRED_HEADER, 'true');
        return { mfaRequired: true as const };
      }
      // Rotation: the session this browser had before (if any) ends with the new sign-in.
      if (request.auth)
        await revokeSession(services.database.db, request.auth.session.id, request.auth.user.id);
      setSessionCookie(reply, config, result.sessionToken);
      if (result.deviceToken) setDeviceCookie(reply, config, result.deviceToken);
      return { user: publicUser(result.user), organizationSlug: result.organizationSlug };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/auth/session/:id',
    summary: 'Signs out one of your sessions.',
    auth: 'session',
    params: z.object({ id: z.string() }),
    answer: noContent,
    status: 204,
    async handler({ request, reply, input }) {
      const auth = requireAuth(request);
      const { id } = input().params;
      // A session single sign-on opened may sign itself out, no other.
      if (auth.session.scopedOrganizationId && id !== auth.session.id)
        throw new AppError('forbidden');
      const revoked = await revokeSession(services.database.db, id, auth.user.id);
      if (!revoked) throw new AppError('notFound');
      if (id === auth.session.id) clearSessionCookie(reply, config);
      return reply.send();
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/auth/session',
    summary: 'Signs out everywhere.',
    auth: 'session',
    answer: noContent,
    status: 204,
    async handler({ request, reply }) {
      const auth = requireAccount(request);
      await revokeAllSessions(services.database.db, auth.user.id);
      clearSessionCookie(reply, config);
      return reply.send();
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/auth/sessions',
    summary: 'Where you are signed in.',
    auth: 'session',
    answer: z.array(sessionAnswer),
    async handler({ request }) {
      const auth = requireAccount(request);
      const rows = await listSessions(services.database.db, auth.user.id);
      return rows.map((s) => ({
        id: s.id,
        device: s.userAgent ?? '',
        ip: s.ip ?? '',
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        current: s.id === auth.session.id,
      }));
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/auth/me',
    summary: 'The signed-in user.',
    auth: 'session',
    answer: userAnswer,
    handler: async ({ request }) => publicUser(requireAuth(request).user),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/auth/me',
    summary: 'Deletes your account (with your password); your work stays with your organizations.',
    auth: 'session',
    body: z.looseObject({ password: z.unknown().optional() }).optional(),
    answer: z.object({ deleted: z.boolean() }),
    async handler({ request, reply, input }) {
      const auth = requireAuth(request);
      const result = await deleteAccount(services, auth, input().body, requestContext(request));
      clearSessionCookie(reply, config);
      return result;
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/auth/password/forgot',
    summary: 'Mails a password reset link (the same answer either way).',
    auth: 'public',
    body: forgotPasswordBody,
    // Checked by the use case, with the catalogue's words for each field (decision 010).
    bodyCheckedBy: 'useCase',
    answer: sentAnswer,
    status: 202,
    handler: async ({ input }) => forgotPassword(services, { email: body(input().body).email }),
  });

  route(app, {
    method: 'PUT',
    url: '/api/auth/password',
    summary: 'Sets a new password from a reset link (signing out everywhere).',
    auth: 'public',
    body: resetPasswordBody,
    // Checked by the use case, with the catalogue's words for each field (decision 010).
    bodyCheckedBy: 'useCase',
    answer: okAnswer,
    async handler({ input }) {
      const b = body(input().body);
      return resetPassword(services, { token: b.token, password: b.password });
    },
  });

  route(app, {
    method: 'PUT',
    url: '/api/auth/email',
    summary: 'Confirms an email change from its token.',
    auth: 'public',
    body: emailChangeBody,
    // Checked by the use case, with the catalogue's words for each field (decision 010).
    bodyCheckedBy: 'useCase',
    answer: emailChangedAnswer,
    handler: async ({ input }) => confirmEmailChange(services, { token: body(input().body).token }),
  });

  route(app, {
    method: 'GET',
    url: '/api/auth/invites',
    summary: 'Your pending invitations.',
    auth: 'session',
    answer: z.array(inviteAnswer),
    handler: async ({ request }) => myInvites(services, requireAccount(request)),
  });

  route(app, {
    method: 'POST',
    url: '/api/auth/handoff',
    summary: 'A one-time link carrying your session to an organisation’s subdomain.',
    auth: 'session',
    body: handoffBody,
    // Checked by the use case, with the catalogue's words for each field (decision 010).
    bodyCheckedBy: 'useCase',
    answer: handoffAnswer,
    async handler({ request, input }) {
      const b = body(input().body);
      const result = await createHandoff(
        services,
        requireAuth(request),
        text(b.organizationId),
        text(b.path) || '/',
        browserOf(request),
      );
      return { url: result.url };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/auth/handoff',
    summary: 'Redeems a handoff link: signs this browser in and goes to the page (303).',
    auth: 'public',
    query: z.object({ token: z.string().optional() }),
    answer: z.null().describe('A 303 redirect to the page, or to /token-error.'),
    status: 303,
    async handler({ request, reply, input }) {
      try {
        const result = await redeemHandoff(services, request, input().query.token);
        setSessionCookie(reply, config, result.sessionToken);
        return reply.redirect(result.path, 303);
      } catch (error) {
        if (error instanceof AppError && error.code === 'tokenExpired')
          return reply.redirect('/token-error', 303);
        throw error;
      }
    },
  });
}
