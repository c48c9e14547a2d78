import { describe, expect, it } from 'vitest';
import { checkoutGate, rememberLoginRequest, zoomRedirect } from './host-rules.ts';

const ZOOM_UA = 'Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 ZoomApps/1.0';

describe('video-meeting client', () => {
  it('goes to /zoom/select, or /connect/zoom from a sign-in path', () => {
    expect(zoomRedirect('/', ZOOM_UA)).toBe('/zoom/select');
    expect(zoomRedirect('/sign-in', ZOOM_UA)).toBe('/connect/zoom');
    expect(zoomRedirect('/zoom/interview', ZOOM_UA)).toBeNull();
    expect(zoomRedirect('/connect/zoom', ZOOM_UA)).toBeNull();
    expect(zoomRedirect('/sign-in', 'Mozilla/5.0 Chrome/150')).toBeNull();
  });
});

describe('login request', () => {
  it('keeps the request parameter in session storage', () => {
    const stored = new Map<string, string>();
    rememberLoginRequest('?request=abc123', { setItem: (k, v) => void stored.set(k, v) });
    expect(stored.get('loginRequest')).toBe('abc123');
    rememberLoginRequest('?other=1', { setItem: (k, v) => void stored.set(k, `${v}!`) });
    expect(stored.get('loginRequest')).toBe('abc123');
  });
});

describe('an organisation awaiting checkout (#48 item 1)', () => {
  const owner = { onboarding: true, awaitingCheckout: true };
  const member = { onboarding: false, awaitingCheckout: true };
  it('brings an owner back to the checkout from any page but the account’s own', () => {
    expect(checkoutGate('/', owner)).toBeNull();
    for (const path of [
      '/evidence',
      '/home/projects',
      '/workspace/p1/canvas/business',
      '/settings',
    ])
      expect(checkoutGate(path, owner), path).toBe('checkout');
    for (const path of ['/sign-in', '/profile/security', '/dev/inbox', '/sso-link'])
      expect(checkoutGate(path, owner), path).toBeNull();
  });
  it('asks other members to wait, and lets a paid organisation be', () => {
    expect(checkoutGate('/', member)).toBe('wait');
    expect(checkoutGate('/evidence', member)).toBe('wait');
    expect(checkoutGate('/evidence', { onboarding: false, awaitingCheckout: false })).toBeNull();
    expect(checkoutGate('/evidence', null)).toBeNull();
  });
});
