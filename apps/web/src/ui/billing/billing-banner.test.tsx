import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Bootstrap } from '../../api/bootstrap.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { BillingBanner } from './billing-banner.tsx';

const boot = (
  role: string,
  status: {
    isExpired: boolean;
    invalidCard: boolean;
    pastDue?: { retries: string[]; expiresOn: string } | null;
  },
) =>
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
  it('says when a refused renewal is tried again and when the plan would expire', () => {
    renderWithProviders(
      <MemoryRouter>
        <BillingBanner
          boot={boot('owner', {
            isExpired: false,
            invalidCard: true,
            pastDue: {
              retries: ['2027-01-29T12:00:00.000Z', '2027-02-02T12:00:00.000Z'],
              expiresOn: '2027-02-02T12:00:00.000Z',
            },
          })}
        />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('billing-banner').textContent).toContain(
      'The card is tried again on January 29; the plan expires on February 2 unless it is paid.',
    );
    expect(screen.getByRole('link', { name: 'Update the card in Billing' })).toBeTruthy();
  });
  it('says an expired plan leaves the organization read-only', () => {
    renderWithProviders(
      <MemoryRouter>
        <BillingBanner boot={boot('owner', { isExpired: true, invalidCard: false })} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert').textContent).toContain('so it is read-only');
    expect(screen.getByRole('link', { name: 'Renew it in Billing' })).toBeTruthy();
  });
});
