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
    .map(
      (body) => /(sideNavigation|notifications|projects|gettingStarted|dashboard)/.exec(body)?.[1],
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
