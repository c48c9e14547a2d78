/** What each account and single sign-on route is for (part of REST_ROUTES, routes.ts). */
import type { RouteDoc } from './route-doc.ts';

export const ACCOUNT_ROUTES: Record<string, RouteDoc> = {
  // Accounts
  // Single sign-on (issue #25)
  'GET /api/auth/sso/:slug/start': {
    summary: 'Starts single sign-on for the organisation: redirects to its identity provider.',
    auth: 'public',
  },
  'GET /api/auth/sso/:slug/oidc/callback': {
    summary:
      'OpenID Connect redirect URI: checks the answer, then hands off into the organisation.',
    auth: 'public',
  },
  'POST /api/auth/sso/:slug/saml/acs': {
    summary:
      'SAML assertion consumer service (HTTP-POST): checks the signed answer, then hands off.',
    auth: 'public',
  },
  'GET /api/auth/sso/:slug/saml/metadata': {
    summary: 'The SAML service-provider metadata to register at the identity provider.',
    auth: 'public',
  },
  'GET /api/org/sso': {
    summary: 'The organisation’s single sign-on settings (owners, Enterprise).',
    auth: 'session',
  },
  'PUT /api/org/sso': {
    summary: 'Saves the single sign-on settings (owners, Enterprise); the client secret is sealed.',
    auth: 'session',
  },
  'GET /api/users/tokens': {
    summary: 'Your personal API token for the browser extension (made on first use).',
    auth: 'session',
  },
  'DELETE /api/users/tokens/:tokenId': {
    summary: 'Revokes a personal API token.',
    auth: 'session',
  },
};
