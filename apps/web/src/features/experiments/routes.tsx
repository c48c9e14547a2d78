import type { RouteObject } from 'react-router';

export const experimentRoutes: RouteObject[] = [
  {
    path: '/workspace/:projectId/experiments',
    lazy: async () => ({
      Component: (await import('./components/experiments-page.tsx')).ExperimentsPage,
    }),
  },
];
