import type { RouteObject } from 'react-router';

const workspacePage = () => import('./components/workspace-page.tsx');

/** The canvas's code, started before the first render when a page load opens it. */
export const preloadWorkspace = workspacePage;

export const workspaceRoutes: RouteObject[] = [
  {
    path: '/workspace/:projectId/canvas/:canvasType',
    lazy: async () => ({ Component: (await workspacePage()).WorkspacePage }),
  },
  {
    path: '/research-hub/evidence-locker',
    lazy: async () => ({
      Component: (await import('./components/evidence-locker-page.tsx')).EvidenceLockerPage,
    }),
  },
];
