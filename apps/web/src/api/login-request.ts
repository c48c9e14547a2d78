/**
 * The login request (part 1 §2.2, §3 storage; #48 item 2): the page a person asked for before
 * signing in, kept in session storage under `loginRequest` and read once after signing in.
 */
import { sameOriginPath } from '@assay/domain';

export const LOGIN_REQUEST_KEY = 'loginRequest';

/** Paths a login request never names: signing in again would be the way back to them. */
const NOT_A_DESTINATION = ['/sign-in', '/sign-up', '/connect/', '/token-error'];

/**
 * The page a person asked for before signing in (#48 item 2), taken once from session storage:
 * same origin only (sameOriginPath), never a sign-in page; null when there is none.
 */
export function takeLoginRequest(storage: Pick<Storage, 'getItem' | 'removeItem'>): string | null {
  let raw: string | null = null;
  try {
    raw = storage.getItem(LOGIN_REQUEST_KEY);
    storage.removeItem(LOGIN_REQUEST_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  const path = sameOriginPath(raw);
  if (path === '/' || NOT_A_DESTINATION.some((p) => path.startsWith(p))) return null;
  return path;
}

/** Sign-in, remembering the page the person was on (part 1 §2.2: the `request` parameter). */
export function signInPathFrom(location: { pathname: string; search: string }): string {
  const here = `${location.pathname}${location.search}`;
  if (location.pathname === '/' || NOT_A_DESTINATION.some((p) => here.startsWith(p)))
    return '/sign-in';
  return `/sign-in?request=${encodeURIComponent(here)}`;
}

/** Keeps the `request` query parameter in session storage as the login request. */
export function rememberLoginRequest(search: string, storage: Pick<Storage, 'setItem'>): void {
  const request = new URLSearchParams(search).get('request');
  if (request) storage.setItem(LOGIN_REQUEST_KEY, request);
}
