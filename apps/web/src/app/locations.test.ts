import { describe, expect, it } from 'vitest';
import { readLocation, rememberLocation, reopenOnHome, reopenProject } from './locations.ts';

function store(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const P = '0b6c3b3e-9d1f-4d7e-9a55-0a4f6f2c1e11';

describe('where a member was', () => {
  it('remembers the organisation’s last page and each project’s, never sign-in pages', () => {
    const local = store();
    rememberLocation(local, 'org', `/workspace/${P}/experiments`);
    expect(local.map.get('lastLocation-org')).toBe(`/workspace/${P}/experiments`);
    expect(local.map.get(`projectLocation-${P}`)).toBe(`/workspace/${P}/experiments`);
    rememberLocation(local, 'org', '/settings/billing');
    expect(local.map.get('lastLocation-org')).toBe('/settings/billing');
    expect(local.map.get(`projectLocation-${P}`)).toBe(`/workspace/${P}/experiments`);
    rememberLocation(local, 'org', '/sign-in');
    rememberLocation(local, 'org', '/');
    expect(local.map.get('lastLocation-org')).toBe('/settings/billing');
  });

  it('removes a stored value that is not one of the app’s pages', () => {
    const local = store({ 'lastLocation-org': 'https://evil.example/', 'lastLocation-b': '{' });
    expect(readLocation(local, 'lastLocation-org')).toBeNull();
    expect(readLocation(local, 'lastLocation-b')).toBeNull();
    expect(local.map.size).toBe(0);
    expect(readLocation(store({ k: '/workspace//evil.example' }), 'k')).toBeNull();
  });

  it('reopens a project where the member left it, unless only its dashboard is open to them', () => {
    const canvas = `/workspace/${P}/canvas/business`;
    const dashboard = `/project-dashboard/${P}/overview`;
    expect(reopenProject(store(), P, canvas)).toBe(canvas);
    const local = store({ [`projectLocation-${P}`]: `/workspace/${P}/portal` });
    expect(reopenProject(local, P, canvas)).toBe(`/workspace/${P}/portal`);
    expect(reopenProject(local, P, dashboard)).toBe(dashboard);
  });

  it('reopens the last page once, in a tab opened on the home', () => {
    const local = store({ 'lastLocation-org': '/inbox' });
    const tab = store();
    expect(reopenOnHome(local, tab, 'org', '/')).toBe('/inbox');
    // The same tab coming back home (or reloading) stays home.
    expect(reopenOnHome(local, tab, 'org', '/')).toBeNull();
    // A tab that opened on another page does not jump when it reaches the home.
    expect(reopenOnHome(local, store(), 'org', '/sign-in')).toBeNull();
    // Sent by the app host to resume (#48 item 2): the last page, even in a tab that was home.
    expect(reopenOnHome(local, tab, 'org', '/', '?resume')).toBe('/inbox');
  });
});
