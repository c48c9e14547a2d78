import { describe, expect, it } from 'vitest';
import { parseStored, signUpRoute } from './sign-up.ts';

describe('signUpRoute', () => {
  it('starts at the email step', () => {
    expect(signUpRoute(null)).toBe('/sign-up/email');
    expect(signUpRoute({})).toBe('/sign-up/email');
  });
  it('goes to new account with a code and an expiry but no slug', () => {
    expect(
      signUpRoute({ betaCode: 'garage', user: { primaryEmail: 'a@b.io', exp: '2026-12-01' } }),
    ).toBe('/sign-up/new-account');
  });
  it('goes to the invited account without a code but with an expiry and a slug', () => {
    expect(signUpRoute({ user: { exp: '2026-12-01' }, organization: { slug: 'acme' } })).toBe(
      '/sign-up/new-account/invited',
    );
  });
  it('goes to invites with a code and a user but no slug and no expiry', () => {
    expect(signUpRoute({ betaCode: 'garage', user: { id: 'u1' } })).toBe('/sign-up/invites');
  });
  it('goes to the new organisation with a code, a user and a slug', () => {
    expect(
      signUpRoute({ betaCode: 'garage', user: { id: 'u1' }, organization: { slug: 'acme' } }),
    ).toBe('/sign-up/new-org');
  });
});

describe('parseStored', () => {
  it('treats data that fails to parse as empty', () => {
    expect(parseStored('{bad json')).toBeNull();
    expect(parseStored('"a string"')).toBeNull();
    expect(parseStored(null)).toBeNull();
    expect(parseStored<{ a: number }>('{"a":1}')).toEqual({ a: 1 });
  });
});
