/**
 * Cross-site request protection: state-changing API requests must come from this app's own
 * origin. SameSite=Lax cookies alone are not enough, since every subdomain is the same site.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '@assay/domain';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SAML_ACS = /^\/api\/auth\/sso\/[a-z0-9]+\/saml\/acs$/;

export function registerCrossSiteProtection(
  app: FastifyInstance,
  isOwnOrigin: (origin: string) => boolean,
) {
  app.addHook('onRequest', async (request) => {
    // Websocket upgrades are GETs that carry the session cookie: their origin is checked too.
    const upgrade = request.url.startsWith('/sub/');
    if (!upgrade && (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/'))) return;
    // A SAML identity provider posts its signed answer from its own site; the answer is its own
    // proof (signature, audience, the request it answers), and the endpoint changes nothing the
    // browser's cookies could be abused for.
    if (
      request.method === 'POST' &&
      request.url.startsWith('/api/auth/sso/') &&
      SAML_ACS.test(request.url.split('?')[0] ?? '')
    )
      return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site') throw new AppError('crossSite');
    const origin = request.headers.origin;
    if (origin === undefined) return; // not a browser: no ambient cookies to abuse
    let sameHost = false;
    try {
      sameHost = new URL(origin).host === request.headers.host;
    } catch {
      sameHost = false;
    }
    if (!sameHost && (origin === 'null' || !isOwnOrigin(origin))) {
      throw new AppError('crossSite');
    }
  });
}
