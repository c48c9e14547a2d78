/** Client-side entry rules of spec part 1 §2.2 that depend on the browser. */

const ZOOM_PAGES = ['/connect/zoom', '/zoom/select', '/zoom/interview'];

/** True for a browser embedded in the video-meeting client. */
export function isZoomClient(userAgent: string): boolean {
  return /ZoomApps|ZoomWebKit|zoom\.us/i.test(userAgent);
}

/** Where an embedded video-meeting browser must go, or null when it may stay. */
export function zoomRedirect(pathname: string, userAgent: string): string | null {
  if (!isZoomClient(userAgent)) return null;
  if (ZOOM_PAGES.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return null;
  return pathname.startsWith('/sign-in') ? '/connect/zoom' : '/zoom/select';
}

export const LOGIN_REQUEST_KEY = 'loginRequest';

/** Keeps the `request` query parameter in session storage as the login request. */
export function rememberLoginRequest(search: string, storage: Pick<Storage, 'setItem'>): void {
  const request = new URLSearchParams(search).get('request');
  if (request) storage.setItem(LOGIN_REQUEST_KEY, request);
}
