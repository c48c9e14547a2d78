/**
 * Single sign-on routes (issue #25), thin: the start, the OIDC callback, the SAML assertion
 * consumer and metadata under /api/auth/sso/{slug}; the settings under /api/org/sso. A sign-in
 * that fails goes back to the organisation's sign-in page with the catalogue's ref, which the
 * page turns into the message.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError, isAppError } from '@assay/domain';
import { organizationOrigin } from '../../http/hosts.ts';
import { requestContext, requireMember } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { browserOf } from '../auth/ports.ts';
import { finishOidc, startOidc } from './oidc.ts';
import { finishSaml, startSaml } from './saml.ts';
import { serviceProviderMetadata } from './sp-metadata.ts';
import { activeSso, readSsoSettings, saveSsoSettings } from './settings.ts';

type Params = { slug: string };

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

  app.get('/api/auth/sso/:slug/start', async (request, reply) => {
    const { slug } = request.params as Params;
    const { path } = request.query as { path?: string };
    try {
      const sso = await found(slug);
      const start = sso.sso.protocol === 'saml' ? startSaml : startOidc;
      return reply.redirect(await start(services, sso, browserOf(request), path ?? '/'), 303);
    } catch (error) {
      return backToSignIn(reply, slug, error);
    }
  });

  app.get('/api/auth/sso/:slug/oidc/callback', async (request, reply) => {
    const { slug } = request.params as Params;
    try {
      const sso = await found(slug);
      const query = request.query as Record<string, string | undefined>;
      const url = await finishOidc(
        services,
        sso,
        query,
        browserOf(request),
        requestContext(request),
      );
      return reply.redirect(url, 303);
    } catch (error) {
      request.log.warn({ err: error }, 'oidc sign-in refused');
      return backToSignIn(reply, slug, error);
    }
  });

  app.register(async (scope) => {
    // The identity provider posts a form: its fields, read only here.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1_000_000 },
      (_request, text, done) => done(null, Object.fromEntries(new URLSearchParams(String(text)))),
    );
    scope.post('/api/auth/sso/:slug/saml/acs', async (request, reply) => {
      const { slug } = request.params as Params;
      try {
        const sso = await found(slug);
        const body = (request.body ?? {}) as Record<string, string | undefined>;
        const url = await finishSaml(
          services,
          sso,
          body,
          browserOf(request),
          requestContext(request),
        );
        return reply.redirect(url, 303);
      } catch (error) {
        request.log.warn({ err: error }, 'saml sign-in refused');
        return backToSignIn(reply, slug, error);
      }
    });
  });

  app.get('/api/auth/sso/:slug/saml/metadata', async (request, reply) => {
    const { slug } = request.params as Params;
    if (!/^[a-z0-9]+$/.test(slug)) throw new AppError('notFound');
    return reply
      .type('application/samlmetadata+xml; charset=utf-8')
      .send(serviceProviderMetadata(services.config, slug));
  });

  app.get('/api/org/sso', async (request) =>
    readSsoSettings(services, await requireMember(services, request)),
  );
  app.put('/api/org/sso', async (request) =>
    saveSsoSettings(
      services,
      await requireMember(services, request),
      request.body,
      requestContext(request),
    ),
  );
}
