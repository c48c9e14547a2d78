import type { QueryClient } from '@tanstack/react-query';
import { matchPath, type RouteObject } from 'react-router';
import { canvasQueryOptions } from './api/canvas.ts';
import { savedFilters } from './hooks/use-filters.ts';

const workspacePage = () => import('./components/workspace-page.tsx');
const CANVAS_PATH = '/workspace/:projectId/canvas/:canvasType';

/** The canvas's code, started before the first render when a page load opens it. */
export const preloadWorkspace = workspacePage;

/**
 * The business canvas a page load opens, asked for as the app starts (#28): its cards arrive
 * while the shell draws, instead of being asked for once the canvas's own screen renders.
 */
export function prefetchWorkspace(client: QueryClient, pathname: string) {
  const match = matchPath(CANVAS_PATH, pathname);
  const projectId = match?.params.projectId;
  if (!projectId || match.params.canvasType !== 'business') return;
  void client.prefetchQuery(canvasQueryOptions(projectId, savedFilters('business', projectId)));
}

export const workspaceRoutes: RouteObject[] = [
  {
    path: CANVAS_PATH,
    lazy: async () => ({ Component: (await workspacePage()).WorkspacePage }),
  },
  {
    path: '/research-hub/evidence-locker',
    lazy: async () => ({
      Component: (await import('./components/evidence-locker-page.tsx')).EvidenceLockerPage,
    }),
  },
];
