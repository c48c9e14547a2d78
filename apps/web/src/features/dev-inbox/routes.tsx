import type { RouteObject } from 'react-router';

export const devInboxRoutes: RouteObject[] = [
  {
    path: '/dev/inbox',
    lazy: async () => ({
      Component: (await import('./components/dev-inbox-page.tsx')).DevInboxPage,
    }),
  },
];
