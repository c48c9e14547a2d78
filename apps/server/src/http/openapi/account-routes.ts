/** What each account and single sign-on route is for (part of REST_ROUTES, routes.ts). */
import type { RouteDoc } from './route-doc.ts';

export const ACCOUNT_ROUTES: Record<string, RouteDoc> = {
  // Accounts
  'POST /api/auth/signups': {
    summary: 'Starts a sign-up: mails a confirmation link (the same answer for known addresses).',
    auth: 'public',
  },
  'POST /api/auth/users': {
    summary: 'Creates the account from a sign-up or invitation token, signed in.',
    auth: 'public',
  },
  'GET /api/auth/token': {
    summary: 'What an emailed link stands for, without using it up.',
    auth: 'public',
  },
  'GET /api/auth/keys/:code': { summary: 'Checks a beta (invite) code.', auth: 'public' },
  'GET /api/auth/organizations/:slug': {
    summary: 'Whether an organisation address is free.',
    auth: 'public',
  },
  'POST /api/auth/session': {
    summary: 'Signs in with email and password (and an MFA code when asked).',
    auth: 'public',
  },
  'DELETE /api/auth/session': { summary: 'Signs out of this session.', auth: 'session' },
  'DELETE /api/auth/session/:id': { summary: 'Signs out one of your sessions.', auth: 'session' },
  'GET /api/auth/sessions': { summary: 'Where you are signed in.', auth: 'session' },
  'GET /api/auth/me': { summary: 'The signed-in user.', auth: 'session' },
  'GET /api/auth/invites': {
    summary: 'Invitations waiting for the signed-in user.',
    auth: 'session',
  },
  'POST /api/auth/password/forgot': { summary: 'Mails a password reset link.', auth: 'public' },
  'PUT /api/auth/password': {
    summary: 'Sets a new password from a reset token; signs out everywhere.',
    auth: 'public',
  },
  'PUT /api/auth/email': { summary: 'Confirms an email change from its token.', auth: 'public' },
  'POST /api/auth/handoff': {
    summary: 'A one-minute, single-use link that signs you in on an organisation’s host.',
    auth: 'session',
  },
  'GET /api/auth/handoff': {
    summary: 'Redeems a handoff link on the organisation’s host and redirects.',
    auth: 'public',
  },
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
