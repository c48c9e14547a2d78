/** The locked settings screens name the plan checkout sells, and offer a way there (#48 item 4). */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessLogsPage } from './access-logs-page.tsx';
import { SsoPage } from './sso-page.tsx';
import { renderWithProviders } from '../../../test/render.tsx';
import { LockedFeature } from '../../../ui/locked-feature.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderAs(role: string, ui: React.ReactNode, license = 'garage') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['bootstrap'], {
    organization: { id: 'o1', name: 'Team', license, features: [] },
    membership: { profileId: 'p1', role },
    user: { id: 'u1' },
  });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a locked feature', () => {
  it('shows the owner the plan that brings it and the way to the plans', () => {
    renderAs(
      'owner',
      <LockedFeature feature="singleSignOn">Your own identity provider.</LockedFeature>,
    );
    expect(screen.getByText('Single sign-on comes with the Enterprise plan')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe(
      '/settings/billing?plan=enterprise',
    );
    expect(screen.queryByRole('button', { name: 'Ask an owner' })).toBeNull();
  });

  it('lets an admin ask the owners, on the access log and single sign-on screens', async () => {
    const asked: unknown[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { query: string; variables: unknown };
      if (body.query.includes('requestOwnerApproval')) asked.push(body.variables);
      return Response.json({ data: { requestOwnerApproval: 1, ssoSettings: null } });
    });
    const logs = renderAs('admin', <AccessLogsPage />);
    expect(await screen.findByText('Access log comes with the Business AI plan')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ask an owner' }));
    expect(await screen.findByText('We asked the owners of your organization.')).toBeTruthy();
    expect(asked).toEqual([{ feature: 'Access log (Business AI plan)', message: null }]);
    logs.unmount();

    renderAs('admin', <SsoPage />);
    expect(await screen.findByText('Single sign-on comes with the Enterprise plan')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ask an owner' }));
    await waitFor(() => expect(asked).toHaveLength(2));
  });
});
