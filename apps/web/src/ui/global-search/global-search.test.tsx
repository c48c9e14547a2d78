import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../../app/app.tsx';
import { GlobalSearch } from './global-search.tsx';
import { search } from './search-store.ts';

function renderSearch() {
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <GlobalSearch />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the global search', () => {
  afterEach(() => act(() => search.close()));

  it('draws its dialog only once opened: Ctrl/Cmd-K before it is drawn', async () => {
    renderSearch();
    expect(screen.getAllByRole('button', { name: 'Search projects and cards' }).length).toBe(2);
    expect(screen.queryByRole('textbox', { name: 'Search' })).toBeNull();
    // No dialog yet: the header's own shortcut opens it.
    fireEvent.keyDown(document.documentElement, { key: 'k', code: 'KeyK', ctrlKey: true });
    expect(await screen.findByRole('textbox', { name: 'Search' })).toBeTruthy();
  });

  it('opens from the header, and from anything that opens the search (the "/" shortcut)', async () => {
    renderSearch();
    fireEvent.click(screen.getAllByRole('button', { name: 'Search projects and cards' })[1]!);
    expect(await screen.findByRole('textbox', { name: 'Search' })).toBeTruthy();
    act(() => search.close());
    act(() => search.open());
    expect(await screen.findByRole('textbox', { name: 'Search' })).toBeTruthy();
  });
});
