import { describe, expect, it } from 'vitest';
import {
  LOGIN_REQUEST_KEY,
  rememberLoginRequest,
  signInPathFrom,
  takeLoginRequest,
} from './login-request.ts';

function store() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe('the login request (part 1 §2.2; #48 item 2)', () => {
  it('comes back to the page asked for, once, after signing in', () => {
    const session = store();
    rememberLoginRequest(
      `?request=${encodeURIComponent('/workspace/p1/canvas/business?x=1')}`,
      session,
    );
    expect(takeLoginRequest(session)).toBe('/workspace/p1/canvas/business?x=1');
    expect(takeLoginRequest(session)).toBeNull();
    expect(session.items.has(LOGIN_REQUEST_KEY)).toBe(false);
  });

  it('stays on this site, and never asks for a sign-in page again', () => {
    const session = store();
    for (const away of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      '/sign-in?x',
    ]) {
      session.setItem(LOGIN_REQUEST_KEY, away);
      expect(takeLoginRequest(session), away).toBeNull();
    }
  });

  it('is what a 401 asks sign-in to remember', () => {
    expect(signInPathFrom({ pathname: '/inbox', search: '?tab=mine' })).toBe(
      '/sign-in?request=%2Finbox%3Ftab%3Dmine',
    );
    expect(signInPathFrom({ pathname: '/', search: '' })).toBe('/sign-in');
    expect(signInPathFrom({ pathname: '/sign-in', search: '?request=%2Fx' })).toBe('/sign-in');
  });
});
