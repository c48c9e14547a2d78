import { Navigate, type RouteObject } from 'react-router';

/** Cohorts (academic license): the list and one cohort. */
export const cohortRoutes: RouteObject[] = [
  {
    path: '/cohorts',
    lazy: async () => ({
      Component: (await import('./components/cohorts-page.tsx')).CohortsPage,
    }),
  },
  // The redirect target when a card fetch reports payment due on a cohort card.
  { path: '/cohort/:id/leaderboard', element: <Navigate to="teams" replace /> },
  {
    path: '/cohort/:id/leaderboard/*',
    lazy: async () => ({
      Component: (await import('./components/leaderboard-page.tsx')).LeaderboardPage,
    }),
  },
  {
    path: '/cohort/:id',
    lazy: async () => ({
      Component: (await import('./components/cohort-page.tsx')).CohortPage,
    }),
  },
];
