import type { RouteObject } from 'react-router';

import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { projectsQueryOptions } from './api/projects.ts';

/**
 * The organisation home's three screens — projects, the AI-tier onboarding and the set-up
 * questions — load when "/" picks one, so the first load of every other page stays small (#28).
 */
export const ProjectsHome = lazy(() =>
  import('./components/projects-home.tsx').then((m) => ({ default: m.ProjectsHome })),
);
/** The projects list, asked for while the home's code is on its way. */
export const prefetchProjectsHome = (client: QueryClient) =>
  void client.prefetchQuery(projectsQueryOptions());
export const OnboardingPage = lazy(() =>
  import('./components/onboarding-page.tsx').then((m) => ({ default: m.OnboardingPage })),
);
export const SetupPage = lazy(() =>
  import('./components/setup-page.tsx').then((m) => ({ default: m.SetupPage })),
);

export const projectRoutes: RouteObject[] = [
  {
    path: '/workspace/:projectId/settings',
    lazy: async () => ({
      Component: (await import('./components/project-settings-page.tsx')).ProjectSettingsPage,
    }),
  },
];
