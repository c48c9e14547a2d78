import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Bootstrap } from '../../api/bootstrap.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { BillingBanner } from './billing-banner.tsx';

const boot = (role: string, status: { isExpired: boolean; invalidCard: boolean }) =>
  ({
    organization: {
      id: 'o',
      name: 'Acme',
      slug: 'acme',
      license: 'garage',
      sso: false,
      billingStatus: { ...status, invalidSubscription: false },
    },
    membership: { profileId: 'p', role },
  }) as unknown as Bootstrap;

describe('billing banner', () => {
  it('sends owners and admins to Billing when the card or the plan has expired', () => {
    renderWithProviders(
      <MemoryRouter>
        <BillingBanner boot={boot('admin', { isExpired: false, invalidCard: true })} />
      </MemoryRouter>,
    );
    expect(screen.getByText(/The card on file has expired/)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Update the card in Billing' }).getAttribute('href'),
    ).toBe('/settings/billing');
  });
  it('tells other members who can renew an expired plan', () => {
    renderWithProviders(
      <MemoryRouter>
        <BillingBanner boot={boot('collaborator', { isExpired: true, invalidCard: true })} />
      </MemoryRouter>,
    );
    expect(screen.getByText(/plan has expired/)).toBeTruthy();
    expect(screen.getByText(/An owner can renew it/)).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
  it('shows nothing while all is well', () => {
    renderWithProviders(
      <MemoryRouter>
        <BillingBanner boot={boot('owner', { isExpired: false, invalidCard: false })} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('billing-banner')).toBeNull();
  });
});
