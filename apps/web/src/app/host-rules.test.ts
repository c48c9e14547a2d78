import { describe, expect, it } from 'vitest';
import { rememberLoginRequest, zoomRedirect } from './host-rules.ts';

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
