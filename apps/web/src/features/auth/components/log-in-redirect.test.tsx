import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { LogInRedirect } from './log-in-redirect.tsx';

afterEach(() => vi.unstubAllGlobals());

function at(path: string, exists: boolean) {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  vi.stubGlobal('fetch', (url: string) => {
    if (url.startsWith('/api/bootstrap'))
      return Promise.resolve(
        Response.json({
          protocol: 'https',
          appDomain: 'assay.test',
          appOrigin: 'https://app.assay.test',
          user: null,
          organization: null,
          membership: null,
        }),
      );
    return Promise.resolve(
      new Response(null, {
        status: 200,
        headers: { 'x-exists': String(exists), 'x-sso': 'false' },
      }),
    );
  });
  renderWithProviders(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/sign-in/log-in/:organization" element={<LogInRedirect />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return assign;
}

describe('/sign-in/log-in/{org} (#30 item 7)', () => {
  it("goes to the organisation's own sign-in when it exists", async () => {
    const assign = at('/sign-in/log-in/acme', true);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://acme.assay.test/sign-in'));
  });
  it("goes to the app's sign-in when it does not, or the name is not a subdomain", async () => {
    const assign = at('/sign-in/log-in/nobody', false);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://app.assay.test/sign-in'));
  });
});
