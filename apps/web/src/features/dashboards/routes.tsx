import type { RouteObject } from 'react-router';

const dashboard = async () => ({
  Component: (await import('./components/dashboard-page.tsx')).DashboardPage,
});

export const dashboardRoutes: RouteObject[] = [
  { path: '/project-dashboard/:id', lazy: dashboard },
  { path: '/project-dashboard/:id/overview', lazy: dashboard },
  {
    path: '/portfolio-dashboard/:id',
    lazy: async () => ({
      Component: (await import('./components/portfolio-page.tsx')).PortfolioPage,
    }),
  },
];
