import type { RouteObject } from 'react-router';

import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { gettingStartedQuery } from '../../api/guidance.ts';
import { projectsQueryOptions } from './api/projects.ts';

/** A screen's code: loaded once, and known once loaded so it can draw without suspending. */
function screen<M>(load: () => Promise<M>) {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  return {
    load: () => (loading ??= load().then((m) => (loaded = m))),
    loaded: () => loaded,
  };
}

/**
 * The organisation home's three screens — projects, the AI-tier onboarding and the set-up
 * questions — load when "/" picks one (or before the first render, when the page says which), so
 * the first load of every other page stays small (#28).
 */
const HOME_SCREENS = {
  projects: screen(() => import('./components/projects-home.tsx')),
  onboarding: screen(() => import('./components/onboarding-page.tsx')),
  setup: screen(() => import('./components/setup-page.tsx')),
};

export const preloadHomeScreen = (name: keyof typeof HOME_SCREENS) => HOME_SCREENS[name].load();

/** The screen's component if its code is here already (no suspending), else null. */
export function loadedHomeScreens() {
  return {
    ProjectsHome: HOME_SCREENS.projects.loaded()?.ProjectsHome ?? null,
    OnboardingPage: HOME_SCREENS.onboarding.loaded()?.OnboardingPage ?? null,
    SetupPage: HOME_SCREENS.setup.loaded()?.SetupPage ?? null,
  };
}

export const ProjectsHome = lazy(() =>
  HOME_SCREENS.projects.load().then((m) => ({ default: m.ProjectsHome })),
);
export const OnboardingPage = lazy(() =>
  HOME_SCREENS.onboarding.load().then((m) => ({ default: m.OnboardingPage })),
);
export const SetupPage = lazy(() =>
  HOME_SCREENS.setup.load().then((m) => ({ default: m.SetupPage })),
);

/** The projects list, asked for while the home's code is on its way. */
export const prefetchProjectsHome = (client: QueryClient) => {
  void client.prefetchQuery(projectsQueryOptions());
  void client.prefetchQuery(gettingStartedQuery);
};

export const projectRoutes: RouteObject[] = [
  {
    path: '/workspace/:projectId/settings',
    lazy: async () => ({
      Component: (await import('./components/project-settings-page.tsx')).ProjectSettingsPage,
    }),
  },
];
