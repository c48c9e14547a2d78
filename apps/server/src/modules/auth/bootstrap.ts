/** GET /api/bootstrap: what the web app needs first — where it is, who is signed in. */
import type { FastifyInstance } from 'fastify';
import { appOrigin, classifyHost } from '../../http/hosts.ts';
import type { AppServices } from '../../services.ts';
import { findMembership, findOrganizationBySlug } from '../organizations/service.ts';
import { publicUser } from './routes.ts';

export function registerBootstrapRoute(app: FastifyInstance, services: AppServices) {
  app.get('/api/bootstrap', async (request) => {
    const { config } = services;
    const host = classifyHost(request.headers.host, config.appDomain);
    const auth = request.auth;
    let organization = null;
    let membership = null;
    if (host.kind === 'organization') {
      const org = await findOrganizationBySlug(services.database.db, host.slug);
      if (org) {
        organization = {
          id: org.id,
          name: org.name,
          slug: org.slug,
          license: org.license,
          sso: org.sso,
        };
        const member = auth
          ? await findMembership(services.database.db, auth.user.id, org.id)
          : undefined;
        if (member) membership = { profileId: member.profileId, role: member.role };
      }
    }
    return {
      appDomain: config.appDomain,
      appOrigin: appOrigin(config),
      protocol: config.protocol,
      host: host.kind,
      organization,
      membership,
      user: auth ? publicUser(auth.user) : null,
      sessionId: auth?.session.id ?? null,
      devInbox: !config.isProduction,
    };
  });
}
