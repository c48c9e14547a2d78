import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { timezoneFromOffset } from '@assay/domain';
import { renderWithProviders } from '../../../test/render.tsx';
import { AccessLogsPage } from './access-logs-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the access log', () => {
  it('names each entry’s project and the time zone its times are in (part 1 §3, §9.3)', async () => {
    const log = (id: string, project: { id: string; name: string } | null) => ({
      id,
      time: '2026-11-02T10:00:00.000Z',
      actor: 'Ada Lovelace',
      activity: { service: 'projects', action: 'create', entity: 'project' },
      ip: '203.0.113.9',
      device: null,
      project,
    });
    vi.stubGlobal('fetch', async () =>
      Response.json({
        data: {
          organizationAccessLogs: [log('l1', { id: 'p1', name: 'Dog walking' }), log('l2', null)],
        },
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['bootstrap'], {
      organization: { id: 'o1', license: 'business', features: [] },
      membership: { profileId: 'p1', role: 'owner' },
      user: { id: 'u1' },
    });
    renderWithProviders(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <AccessLogsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const table = await screen.findByTestId('access-logs');
    await within(table).findByText('Dog walking');
    const zone = timezoneFromOffset(new Date().getTimezoneOffset());
    expect(within(table).getByRole('columnheader', { name: `When (${zone})` })).toBeTruthy();
    expect(within(table).getAllByRole('row')[2]?.textContent).toContain('—');
  });
});
