import type { RouteObject } from 'react-router';

export const workspaceRoutes: RouteObject[] = [
  {
    path: '/workspace/:projectId/canvas/:canvasType',
    lazy: async () => ({
      Component: (await import('./components/workspace-page.tsx')).WorkspacePage,
    }),
  },
  {
    path: '/research-hub/evidence-locker',
    lazy: async () => ({
      Component: (await import('./components/evidence-locker-page.tsx')).EvidenceLockerPage,
    }),
  },
];
