/**
 * Where a member was (part 1 §3 storage): `lastLocation-{organizationId}` holds the last page of
 * the app they had open in an organisation, `projectLocation-{projectId}` the last page of each
 * project (its canvas, product board, experiments, portal or dashboard). A new tab opened on the
 * organisation's home reopens the last page; the side navigation reopens each project where they
 * left it. A stored value that is not an app path is removed and treated as empty.
 */

const PROJECT_PAGE = /^\/(?:workspace|project-dashboard)\/([0-9a-f-]{36})(?:\/|$)/i;
/** Pages worth coming back to: the organisation's own screens, never sign-in or public ones. */
const REMEMBERED = [
  '/workspace/',
  '/project-dashboard/',
  '/research-hub/',
  '/inbox',
  '/cohort',
  '/collections',
  '/settings',
  '/home/',
];

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const lastLocationKey = (organizationId: string) => `lastLocation-${organizationId}`;
export const projectLocationKey = (projectId: string) => `projectLocation-${projectId}`;

/** Remembers the page (its path only: a card or dialog open on it is not reopened). */
export function rememberLocation(store: Store, organizationId: string, pathname: string): void {
  if (!REMEMBERED.some((p) => pathname.startsWith(p))) return;
  try {
    store.setItem(lastLocationKey(organizationId), pathname);
    const project = PROJECT_PAGE.exec(pathname)?.[1];
    if (project) store.setItem(projectLocationKey(project), pathname);
  } catch {
    // Storage full or refused (private windows): nothing to remember, nothing breaks.
  }
}

/** A stored path, or null; anything that is not one of the app's pages is removed. */
export function readLocation(store: Store, key: string): string | null {
  let value: string | null;
  try {
    value = store.getItem(key);
  } catch {
    return null;
  }
  if (value === null) return null;
  if (REMEMBERED.some((p) => value.startsWith(p)) && !value.includes('//')) return value;
  store.removeItem(key);
  return null;
}

/**
 * Where a project link reopens: the member's last page in it, unless the server now opens it on
 * its dashboard (they may no longer open the workspace) — then the server's path.
 */
export function reopenProject(store: Store, projectId: string, openPath: string): string {
  const last = readLocation(store, projectLocationKey(projectId));
  if (!last || !PROJECT_PAGE.test(last)) return openPath;
  if (openPath.startsWith('/project-dashboard/') && last.startsWith('/workspace/')) return openPath;
  return last;
}

const TAB_KEY = 'tabOpened';

/** The page this tab opened the app on (read once, when the app starts). */
export const FIRST_PATH = typeof window === 'undefined' ? '/' : window.location.pathname;
/** Its query string (`?resume` when the app host sent the person back to where they were). */
export const FIRST_SEARCH = typeof window === 'undefined' ? '' : window.location.search;

/**
 * Where a tab opened on the organisation's home goes: the last page, the first time this tab
 * shows the home (a reload, or coming back to the home later, stays on it) — or whenever the app
 * host sent the person here to resume (`/?resume`, #48 item 2).
 */
export function reopenOnHome(
  local: Store,
  session: Store,
  organizationId: string,
  firstPath: string,
  firstSearch = '',
): string | null {
  const resume = new URLSearchParams(firstSearch).has('resume');
  if (!resume && session.getItem(TAB_KEY) !== null) return null;
  session.setItem(TAB_KEY, '1');
  if (firstPath !== '/') return null;
  return readLocation(local, lastLocationKey(organizationId));
}
