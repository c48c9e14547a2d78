import type { RouteObject } from 'react-router';

const dashboardPage = () => import('./components/dashboard-page.tsx');

/** The dashboard's code, started before the first render when a page load opens it. */
export const preloadDashboard = dashboardPage;

const dashboard = async () => ({ Component: (await dashboardPage()).DashboardPage });

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
