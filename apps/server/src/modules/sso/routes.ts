/**
 * Single sign-on routes (issue #25), thin: the start, the OIDC callback, the SAML assertion
 * consumer and metadata under /api/auth/sso/{slug}; the settings under /api/org/sso. A sign-in
 * that fails goes back to the organisation's sign-in page with the catalogue's ref, which the
 * page turns into the message.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  AppError,
  isAppError,
  redirectAnswer,
  samlPostBody,
  ssoSettingsAnswer,
  ssoSettingsSchema,
} from '@assay/domain';
import { route } from '../../http/route.ts';
import { organizationOrigin } from '../../http/hosts.ts';
import { requestContext, requireMember } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { browserOf } from '../auth/ports.ts';
import { finishOidc, startOidc } from './oidc.ts';
import { finishSaml, startSaml } from './saml.ts';
import { serviceProviderMetadata } from './sp-metadata.ts';
import { activeSso, readSsoSettings, saveSsoSettings } from './settings.ts';

const slugParams = z.object({ slug: z.string() });

export function registerSsoRoutes(app: FastifyInstance, services: AppServices) {
  const backToSignIn = (reply: FastifyReply, slug: string, error: unknown) => {
    if (!isAppError(error)) throw error;
    const origin = organizationOrigin(services.config, slug);
    return reply.redirect(`${origin}/sign-in?ssoError=${error.ref ?? ''}`, 303);
  };
  const found = async (slug: string) => {
    const sso = /^[a-z0-9]+$/.test(slug) ? await activeSso(services.database.db, slug) : null;
    if (!sso) throw new AppError('ssoNotConfigured');
    return sso;
  };

  route(app, {
    method: 'GET',
    url: '/api/auth/sso/:slug/start',
    summary: 'Starts a single sign-on: goes to the organisation’s identity provider (303).',
    auth: 'public',
    params: slugParams,
    query: z.object({ path: z.string().optional().describe('Where to land after signing in.') }),
    answer: redirectAnswer,
    status: 303,
    async handler({ request, reply, input }) {
      const { params, query } = input();
      const { slug } = params;
      const { path } = query;
      try {
        const sso = await found(slug);
        const start = sso.sso.protocol === 'saml' ? startSaml : startOidc;
        return reply.redirect(await start(services, sso, browserOf(request), path ?? '/'), 303);
      } catch (error) {
        return backToSignIn(reply, slug, error);
      }
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/auth/sso/:slug/oidc/callback',
    summary: 'The OpenID Connect callback: signs in and goes to the page (303).',
    auth: 'public',
    params: slugParams,
    query: z.record(z.string(), z.unknown()),
    answer: redirectAnswer,
    status: 303,
    async handler({ request, reply, input }) {
      const { params, query } = input();
      const { slug } = params;
      try {
        const sso = await found(slug);
        const url = await finishOidc(
          services,
          sso,
          query as Record<string, string | undefined>,
          browserOf(request),
          requestContext(request),
          request.auth,
        );
        return reply.redirect(url, 303);
      } catch (error) {
        request.log.warn({ err: error }, 'oidc sign-in refused');
        return backToSignIn(reply, slug, error);
      }
    },
  });

  app.register(async (scope) => {
    // The identity provider posts a form: its fields, read only here.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1_000_000 },
      (_request, text, done) => done(null, Object.fromEntries(new URLSearchParams(String(text)))),
    );
    route(scope, {
      method: 'POST',
      url: '/api/auth/sso/:slug/saml/acs',
      summary: 'The SAML assertion consumer: signs in and goes to the page (303).',
      auth: 'public',
      params: slugParams,
      body: samlPostBody,
      // A refused or malformed response goes back to the sign-in page with its message.
      bodyCheckedBy: 'useCase',
      answer: redirectAnswer,
      status: 303,
      async handler({ request, reply, input }) {
        const { params, body: form } = input();
        const { slug } = params;
        try {
          const sso = await found(slug);
          const body = (form ?? {}) as Record<string, string | undefined>;
          const url = await finishSaml(
            services,
            sso,
            body,
            browserOf(request),
            requestContext(request),
            request.auth,
          );
          return reply.redirect(url, 303);
        } catch (error) {
          request.log.warn({ err: error }, 'saml sign-in refused');
          return backToSignIn(reply, slug, error);
        }
      },
    });
  });

  route(app, {
    method: 'GET',
    url: '/api/auth/sso/:slug/saml/metadata',
    summary: 'Assay’s SAML service provider metadata for an organisation.',
    auth: 'public',
    params: slugParams,
    answer: z.string().describe('SAML metadata XML.'),
    async handler({ reply, input }) {
      const { slug } = input().params;
      if (!/^[a-z0-9]+$/.test(slug)) throw new AppError('notFound');
      return reply
        .type('application/samlmetadata+xml; charset=utf-8')
        .send(serviceProviderMetadata(services.config, slug));
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/org/sso',
    summary: 'The organisation’s single sign-on settings (owners).',
    auth: 'session',
    answer: ssoSettingsAnswer,
    handler: async ({ request }) =>
      readSsoSettings(services, await requireMember(services, request)),
  });
  route(app, {
    method: 'PUT',
    url: '/api/org/sso',
    summary: 'Sets the organisation’s single sign-on (owners, on Enterprise).',
    auth: 'session',
    body: ssoSettingsSchema,
    // Owners only: the use case checks the role and the plan before the body.
    bodyCheckedBy: 'useCase',
    answer: ssoSettingsAnswer,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      return saveSsoSettings(services, member, input().body, requestContext(request));
    },
  });
}
