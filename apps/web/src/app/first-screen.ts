/**
 * Starts loading the first screen's code before the first render (#28, #32): the server named
 * its files in the page (so they are already on their way); importing them now means the screen
 * draws in the first render instead of suspending once its code arrives.
 */
import { firstScreenFor, type FirstScreen } from '@assay/domain';
import { peekInlinedBootstrap } from '../api/bootstrap.ts';
import { preloadHomeScreen } from '../features/projects/routes.tsx';
import { preloadWorkspace } from '../features/workspace/routes.tsx';

const LOADERS: Record<FirstScreen, () => Promise<unknown>> = {
  projects: () => preloadHomeScreen('projects'),
  onboarding: () => preloadHomeScreen('onboarding'),
  setup: () => preloadHomeScreen('setup'),
  workspace: preloadWorkspace,
};

export function preloadFirstScreen(pathname: string = window.location.pathname) {
  const boot = peekInlinedBootstrap();
  const screen = boot ? firstScreenFor(pathname, boot) : null;
  if (screen) void LOADERS[screen]().catch(() => undefined);
  return screen;
}
