/**
 * The first screen a page load opens (#28, #32): the server names its code in the page so the
 * browser fetches it with the entry, and the web app starts loading it before the first render.
 */
export type FirstScreen = 'projects' | 'onboarding' | 'setup' | 'workspace' | 'dashboard';

/** What of the bootstrap answer decides it. */
export interface FirstScreenState {
  /** An organisation scheduled for deletion opens no screen but the page that says so (#29). */
  organization: { deletionDueAt?: string | null | undefined } | null;
  membership: { onboarding?: boolean | undefined; projectOnboarding?: unknown } | null;
}

export function firstScreenFor(pathname: string, state: FirstScreenState): FirstScreen | null {
  if (!state.organization || !state.membership || state.organization.deletionDueAt) return null;
  if (pathname === '/' || pathname.startsWith('/home')) {
    if (state.membership.onboarding) return 'onboarding';
    if (state.membership.projectOnboarding) return 'setup';
    return 'projects';
  }
  if (/^\/workspace\/[^/]+\/canvas\//.test(pathname)) return 'workspace';
  if (/^\/project-dashboard\/[^/]+(\/overview)?\/?$/.test(pathname)) return 'dashboard';
  return null;
}
