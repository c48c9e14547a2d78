import type { RouteObject } from 'react-router';

/** Portal management, inside the app's shell. */
export const portalRoutes: RouteObject[] = [
  {
    path: '/workspace/:projectId/portal',
    lazy: async () => ({
      Component: (await import('./components/manage-portal-page.tsx')).ManagePortalPage,
    }),
  },
];

const visitorPage = async () => ({
  Component: (await import('./components/visitor-portal-page.tsx')).VisitorPortalPage,
});

/** The visitor pages (no account, no app shell) of part 2 §2. */
export const portalVisitorRoutes: RouteObject[] = [
  { path: '/portal/:link', lazy: visitorPage },
  { path: '/portal/:link/category/:categoryId', lazy: visitorPage },
  { path: '/portal/:link/category/:categoryId/card/:cardId', lazy: visitorPage },
];
