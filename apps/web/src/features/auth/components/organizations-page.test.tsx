import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { OrganizationsPage } from './organizations-page.tsx';

afterEach(() => vi.unstubAllGlobals());

function open(status: number) {
  vi.stubGlobal('fetch', () =>
    Promise.resolve(
      Response.json(
        { statusCode: status, message: 'Something went wrong.', ref: 2007 },
        { status },
      ),
    ),
  );
  renderWithProviders(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={['/organizations']}>
        <Routes>
          <Route path="/organizations" element={<OrganizationsPage />} />
          <Route path="/sign-in" element={<p>the sign-in page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the organisations page when its read fails (#48 item 6)', () => {
  it('shows the oops page', async () => {
    open(500);
    expect(await screen.findByText('Oops! Something went wrong')).toBeTruthy();
  });

  it('sends a signed-out visit to sign-in, to come back here', async () => {
    open(401);
    expect(await screen.findByText('the sign-in page')).toBeTruthy();
  });
});
