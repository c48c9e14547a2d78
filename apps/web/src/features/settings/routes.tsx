import type { RouteObject } from 'react-router';

export const settingsRoutes: RouteObject[] = [
  {
    path: '/settings/workspace',
    lazy: async () => ({
      Component: (await import('./components/workspace-page.tsx')).WorkspacePage,
    }),
  },
  {
    path: '/profile',
    lazy: async () => ({ Component: (await import('./components/profile-page.tsx')).ProfilePage }),
  },
  {
    path: '/settings/general',
    lazy: async () => ({ Component: (await import('./components/general-page.tsx')).GeneralPage }),
  },
  {
    path: '/settings/members',
    lazy: async () => ({ Component: (await import('./components/members-page.tsx')).MembersPage }),
  },
  {
    path: '/settings/billing',
    lazy: async () => ({
      Component: (await import('./components/billing-page.tsx')).BillingPage,
    }),
  },
  {
    path: '/settings/sso',
    lazy: async () => ({ Component: (await import('./components/sso-page.tsx')).SsoPage }),
  },
  {
    path: '/settings/access-tokens',
    lazy: async () => ({
      Component: (await import('./components/access-tokens-page.tsx')).AccessTokensPage,
    }),
  },
  {
    path: '/settings/access-logs',
    lazy: async () => ({
      Component: (await import('./components/access-logs-page.tsx')).AccessLogsPage,
    }),
  },
];
