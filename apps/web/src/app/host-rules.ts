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

export { LOGIN_REQUEST_KEY, rememberLoginRequest } from '../api/login-request.ts';

/**
 * Pages an organisation awaiting checkout still opens (#48 item 1): the account's own, the
 * sign-in and sign-up paths, the mail links, the dev inbox and the notices. Anything else brings
 * the checkout back.
 */
const OPEN_BEFORE_CHECKOUT = [
  '/sign-in',
  '/sign-up',
  '/organizations',
  '/profile/security',
  '/change-email',
  '/sso-link',
  '/sso-domain',
  '/dev/inbox',
  '/token-error',
  '/PageNotAuthorized',
  '/not-found',
  '/enable-cookies',
];

/**
 * Where a member of an organisation awaiting checkout may be: null on "/" (the onboarding draws
 * the checkout there) and on the open pages; "checkout" sends an owner back to "/"; "wait" tells
 * anyone else the plan starts when an owner pays.
 */
export function checkoutGate(
  pathname: string,
  membership: { onboarding?: boolean; awaitingCheckout?: boolean } | null | undefined,
): 'checkout' | 'wait' | null {
  if (!membership?.awaitingCheckout) return null;
  if (OPEN_BEFORE_CHECKOUT.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return null;
  if (membership.onboarding) return pathname === '/' ? null : 'checkout';
  return 'wait';
}
