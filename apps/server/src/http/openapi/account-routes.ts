/** What each account and single sign-on route is for (part of REST_ROUTES, routes.ts). */
import type { RouteDoc } from './route-doc.ts';

export const ACCOUNT_ROUTES: Record<string, RouteDoc> = {
  // Accounts
  // Single sign-on (issue #25)
  'GET /api/users/tokens': {
    summary: 'Your personal API token for the browser extension (made on first use).',
    auth: 'session',
  },
  'DELETE /api/users/tokens/:tokenId': {
    summary: 'Revokes a personal API token.',
    auth: 'session',
  },
};
