import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { theme } from '../app.tsx';
import { UnknownPath } from './unknown-path.tsx';

function visit(user: { id: string } | null) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  client.setQueryData(['bootstrap'], { user, membership: null, organization: null });
  return render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/no/such/place']}>
          <Routes>
            <Route path="/sign-in" element={<p>Sign-in page</p>} />
            <Route path="*" element={<UnknownPath />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('an unknown path (decision 007)', () => {
  it('sends a visitor to sign-in', () => {
    visit(null);
    expect(screen.getByText('Sign-in page')).toBeTruthy();
  });

  it('shows a signed-in member the not-found page', () => {
    visit({ id: 'u1' });
    expect(screen.getByText("We can't find that page")).toBeTruthy();
    expect(screen.queryByText('Sign-in page')).toBeNull();
  });
});
