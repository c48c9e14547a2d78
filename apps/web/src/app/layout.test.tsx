import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { AppLayout } from './layout.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the app shell', () => {
  it('shows the oops page when the bootstrap cannot be read (#48 item 6)', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(String(url));
      return new Response(JSON.stringify({ statusCode: 503, message: 'Service unavailable' }), {
        status: 503,
        headers: { 'content-type': 'application/json' },
      });
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithProviders(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/home']}>
          <Routes>
            <Route element={<AppLayout />}>
              <Route path="/home" element={<p>The home page</p>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText('Oops! Something went wrong');
    expect(screen.queryByText('The home page')).toBeNull();
    expect(asked.some((url) => url.includes('/api/bootstrap'))).toBe(true);
  });
});
