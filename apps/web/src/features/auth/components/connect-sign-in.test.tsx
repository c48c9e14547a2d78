import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORGANIZATION_SLUG_HEADER } from '@assay/domain';
import { renderWithProviders } from '../../../test/render.tsx';
import { SignInPage } from './sign-in-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('/connect/{slug}/sign-in (#30 item 7)', () => {
  it('signs in to the organisation the address names (its slug travels with the sign-in)', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
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
      if (url === '/api/auth/session' && init?.method === 'POST') {
        const headers = new Headers(init.headers);
        posted.push({
          ...JSON.parse(String(init.body)),
          organizationSlug: headers.get(ORGANIZATION_SLUG_HEADER),
        });
        return Promise.resolve(Response.json({ message: 'stop here' }, { status: 401 }));
      }
      return Promise.resolve(Response.json({}));
    });
    renderWithProviders(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/connect/acme/sign-in']}>
          <Routes>
            <Route path="/connect/:slug/sign-in" element={<SignInPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.change(await screen.findByLabelText(/^Email/), {
      target: { value: 'ada@example.com' },
    });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Correct_horse1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ email: 'ada@example.com', organizationSlug: 'acme' });
  });
});
