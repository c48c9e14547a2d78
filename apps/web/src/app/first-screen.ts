/**
 * Starts loading the first screen's code before the first render (#28, #32): the server named
 * its files in the page (so they are already on their way); importing them now means the screen
 * draws in the first render instead of suspending once its code arrives.
 */
import type { QueryClient } from '@tanstack/react-query';
import { firstScreenFor, type FirstScreen } from '@assay/domain';
import { peekInlinedBootstrap } from '../api/bootstrap.ts';
import { sideNavigationQueryOptions } from '../api/side-navigation.ts';
import { notificationsQueryOptions } from '../features/inbox/api/notifications.ts';
import { preloadHomeScreen, prefetchProjectsHome } from '../features/projects/routes.tsx';
import { preloadWorkspace } from '../features/workspace/routes.tsx';
import { preloadDashboard } from '../features/dashboards/routes.tsx';
import { dashboardQueryOptions } from '../features/dashboards/api/dashboard-query.ts';

const LOADERS: Record<FirstScreen, () => Promise<unknown>> = {
  projects: () => preloadHomeScreen('projects'),
  onboarding: () => preloadHomeScreen('onboarding'),
  setup: () => preloadHomeScreen('setup'),
  workspace: preloadWorkspace,
  dashboard: preloadDashboard,
};

let first: { screen: FirstScreen | null; member: boolean; pathname: string } | undefined;

export function preloadFirstScreen(pathname: string = window.location.pathname) {
  const boot = peekInlinedBootstrap();
  const screen = boot ? firstScreenFor(pathname, boot) : null;
  // A member of an open organisation (one scheduled for deletion opens nothing, #29).
  first = {
    screen,
    pathname,
    member: Boolean(boot?.organization && boot.membership && !boot.organization.deletionDueAt),
  };
  if (screen) void LOADERS[screen]().catch(() => undefined);
  return screen;
}

/**
 * The first screen's data, asked for as the app starts (before anything renders): the requests
 * run while the screen renders, and its queries find them under way. Asked for by the screen's
 * own effects instead, they would start only after the first commit, and each query starting
 * would render its part of the page a second time, in one blocking task (#32: a phone's first
 * load spent ~50 ms there).
 */
export function prefetchFirstScreenData(client: QueryClient): Promise<void> {
  if (!first?.member) return Promise.resolve();
  // The shell: the side navigation and the header's inbox count.
  void client.prefetchQuery(sideNavigationQueryOptions());
  void client.prefetchQuery(notificationsQueryOptions(null));
  if (first.screen === 'projects') prefetchProjectsHome(client);
  // The dashboard's own data: with the shell's, not after the page's code has run.
  const dashboardOf = /^\/project-dashboard\/([0-9a-f-]{36})(\/|$)/i.exec(first.pathname)?.[1];
  if (first.screen === 'dashboard' && dashboardOf)
    void client.prefetchQuery(dashboardQueryOptions(dashboardOf));
  // The business canvas's first screen: its module comes with the page's own files (the server
  // named them in the page), so importing it costs no request of its own.
  const canvasOf = /^\/workspace\/([0-9a-f-]{36})\/canvas\/business\/?$/i.exec(first.pathname)?.[1];
  // The promise settles once that is asked for too.
  if (first.screen === 'workspace' && canvasOf)
    return import('../features/workspace/api/first-screen-data.ts')
      .then((data) => data.prefetchBusinessCanvas(client, canvasOf))
      .catch(() => undefined);
  return Promise.resolve();
}
