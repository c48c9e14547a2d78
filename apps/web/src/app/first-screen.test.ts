import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
    .map((body) => /(sideNavigation|notifications|projects|gettingStarted)/.exec(body)?.[1])
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

  it("asks for a canvas page load's board with the filters this browser keeps", () => {
    const id = '0b6c1f3e-8f4a-4d2b-9c1e-5a7d3e2f1b0c';
    inline({ organization: { id: 'o1' }, membership: { role: 'member', onboarding: false } });
    localStorage.setItem(`businessFilter-${id}`, JSON.stringify({ risky: true, tags: [] }));
    try {
      expect(preloadFirstScreen(`/workspace/${id}/canvas/business`)).toBe('workspace');
      const client = new QueryClient();
      prefetchFirstScreenData(client);
      const boards = fetch.mock.calls
        .map(([url]) => String(url))
        .filter((u) => u.startsWith('/api/canvas'));
      expect(boards).toEqual([`/api/canvas/${id}?filters=${encodeURIComponent('{"risky":true}')}`]);
      // The canvas's own query finds it under way.
      expect(client.getQueryState(['canvas', id, { risky: true }])?.fetchStatus).toBe('fetching');

      // A product board is not the canvas: nothing more than the shell's data.
      fetch.mockClear();
      preloadFirstScreen(`/workspace/${id}/canvas/product`);
      prefetchFirstScreenData(new QueryClient());
      expect(fetch.mock.calls.some(([url]) => String(url).startsWith('/api/canvas'))).toBe(false);
    } finally {
      localStorage.removeItem(`businessFilter-${id}`);
    }
  });
});
