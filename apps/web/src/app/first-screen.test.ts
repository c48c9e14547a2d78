import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../api/query-keys.ts';
import { resetInlinedBootstrap } from '../api/bootstrap.ts';
import { prefetchFirstScreenData, preloadFirstScreen } from './first-screen.ts';

function inline(boot: unknown) {
  document.getElementById('assay-bootstrap')?.remove();
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'assay-bootstrap';
  element.textContent = JSON.stringify(boot);
  document.head.append(element);
}

/** The GraphQL operations the app asked the gateway for. */
function asked(fetch: ReturnType<typeof vi.fn>) {
  return fetch.mock.calls
    .map(([, init]) => String((init as RequestInit | undefined)?.body ?? ''))
    .map(
      (body) =>
        /(sideNavigation|notifications|projects|gettingStarted|dashboard|projectGeneration|testNext|generationLimits)/.exec(
          body,
        )?.[1],
    )
    .filter(Boolean)
    .sort();
}

describe("the first screen's data", () => {
  let fetch: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    resetInlinedBootstrap();
    fetch = vi.fn(() => new Promise(() => undefined));
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("is asked for before the first render: a member's projects home, side navigation and inbox", () => {
    inline({ organization: { id: 'o1' }, membership: { role: 'member', onboarding: false } });
    expect(preloadFirstScreen('/')).toBe('projects');
    const client = new QueryClient();
    prefetchFirstScreenData(client);
    expect(asked(fetch)).toEqual(['gettingStarted', 'notifications', 'projects', 'sideNavigation']);
    // The screen's queries find the requests under way (they do not start their own).
    for (const key of [['side-navigation'], ['projects', 'list'], ['getting-started']])
      expect(client.getQueryState(key)?.fetchStatus).toBe('fetching');
  });

  it("is a project dashboard's own data when the page opens it, with the shell's", () => {
    inline({ organization: { id: 'o1' }, membership: { role: 'member' } });
    const project = '0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d';
    expect(preloadFirstScreen(`/project-dashboard/${project}`)).toBe('dashboard');
    const client = new QueryClient();
    prefetchFirstScreenData(client);
    expect(asked(fetch)).toEqual(['dashboard', 'notifications', 'sideNavigation']);
    expect(client.getQueryState(['dashboard', project])?.fetchStatus).toBe('fetching');
  });

  it("is a business canvas's first screen when the page opens one: the board with the filters kept for it, the banner, what to test next and the allowance", async () => {
    inline({ organization: { id: 'o1' }, membership: { role: 'member' } });
    const project = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    localStorage.setItem(`businessFilter-${project}`, JSON.stringify({ risky: true, tags: [] }));
    expect(preloadFirstScreen(`/workspace/${project}/canvas/business`)).toBe('workspace');
    const client = new QueryClient();
    await prefetchFirstScreenData(client);
    const canvasUrl = `/api/canvas/${project}?filters=${encodeURIComponent('{"risky":true}')}`;
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain(canvasUrl);
    expect(asked(fetch)).toEqual([
      'generationLimits',
      'notifications',
      'projectGeneration',
      'sideNavigation',
      'testNext',
    ]);
    // The canvas's own queries find them under way, under the keys they ask with.
    expect(client.getQueryState(queryKeys.canvas(project, { risky: true }))?.fetchStatus).toBe(
      'fetching',
    );
    expect(client.getQueryState(queryKeys.testNext(project, 3))?.fetchStatus).toBe('fetching');
    localStorage.removeItem(`businessFilter-${project}`);

    // A product board's page asks for its board itself: nothing of the business canvas.
    fetch.mockClear();
    resetInlinedBootstrap();
    inline({ organization: { id: 'o1' }, membership: { role: 'member' } });
    preloadFirstScreen(`/workspace/${project}/canvas/customer`);
    await prefetchFirstScreenData(new QueryClient());
    expect(asked(fetch)).toEqual(['notifications', 'sideNavigation']);
    expect(fetch.mock.calls.map(([url]) => String(url)).join()).not.toContain('/api/canvas/');
  });

  it('is only what every page of a member needs elsewhere, and nothing for a visitor', () => {
    inline({ organization: { id: 'o1' }, membership: { role: 'member' } });
    preloadFirstScreen('/inbox/');
    prefetchFirstScreenData(new QueryClient());
    expect(asked(fetch)).toEqual(['notifications', 'sideNavigation']);

    fetch.mockClear();
    resetInlinedBootstrap();
    inline({ organization: null, membership: null, user: null });
    preloadFirstScreen('/');
    prefetchFirstScreenData(new QueryClient());
    expect(fetch).not.toHaveBeenCalled();
  });
});
