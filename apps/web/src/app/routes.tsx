/**
 * The router table: every route of spec part 1 §2.1 (and the workspace routes of part 2 §2).
 */
import type { RouteObject } from 'react-router';
import { authRoutes } from '../features/auth/routes.tsx';
import { cardRoutes, meetingRoutes } from '../features/cards/routes.tsx';
import { cohortRoutes } from '../features/cohorts/routes.tsx';
import { collectionRoutes } from '../features/collections/routes.tsx';
import { dashboardRoutes } from '../features/dashboards/routes.tsx';
import { inboxRoutes } from '../features/inbox/routes.tsx';
import { experimentRoutes } from '../features/experiments/routes.tsx';
import { workspaceRoutes } from '../features/workspace/routes.tsx';
import { portalRoutes, portalVisitorRoutes } from '../features/portal/routes.tsx';
import { projectRoutes } from '../features/projects/routes.tsx';
import { devInboxRoutes } from '../features/dev-inbox/routes.tsx';
import { settingsRoutes } from '../features/settings/routes.tsx';
import { HomeRoute } from './home-route.tsx';
import { AppLayout } from './layout.tsx';
import { CookiesDisabledPage } from './pages/cookies-disabled-page.tsx';
import { NotAuthorizedPage } from './pages/not-authorized-page.tsx';
import { UnknownPath } from './pages/unknown-path.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { OopsPage } from './pages/oops-page.tsx';
import { TokenErrorPage } from './pages/token-error-page.tsx';

export const routes: RouteObject[] = [
  // The public portal: visitors without an account, outside the app's shell.
  ...portalVisitorRoutes.map((route) => ({ ...route, errorElement: <OopsPage /> })),
  {
    element: <AppLayout />,
    errorElement: <OopsPage />,
    children: [
      { index: true, element: <HomeRoute /> },
      // Accounts (part 1 §2.1–2.3)
      ...authRoutes,
      ...devInboxRoutes,
      ...settingsRoutes,
      ...collectionRoutes,
      ...projectRoutes,
      ...workspaceRoutes,
      ...experimentRoutes,
      ...dashboardRoutes,
      ...inboxRoutes,
      ...cardRoutes,
      ...portalRoutes,
      ...cohortRoutes,
      // Video-meeting entry screens (part 1 §2.1)
      ...meetingRoutes,
      // The default landing (part 1 §2.5): the same as "/".
      { path: '/home/*', element: <HomeRoute /> },
      // The local-only style guide (part 1 §2.5).
      {
        path: '/style-guide',
        lazy: async () => ({
          Component: (await import('./pages/style-guide-page.tsx')).StyleGuidePage,
        }),
      },
      // Notices
      { path: '/token-error', element: <TokenErrorPage /> },
      { path: '/PageNotAuthorized', element: <NotAuthorizedPage /> },
      { path: '/not-found', element: <NotFoundPage /> },
      { path: '/enable-cookies', element: <CookiesDisabledPage /> },
      // Anything else: sign-in for visitors, the not-found page for members (decision 007).
      { path: '*', element: <UnknownPath /> },
    ],
  },
];
