import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVOICE_MESSAGES } from '@assay/domain';
import { renderWithProviders } from '../../../test/render.tsx';
import { InvoiceAddressCard } from './invoice-address-card.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the invoice address in Billing (#30)', () => {
  it('says what is missing, then saves the address the owner typed', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      return Promise.resolve(Response.json(JSON.parse(String(init.body))));
    });
    const saved = vi.fn(() => Promise.resolve());
    renderWithProviders(
      <InvoiceAddressCard organizationId="o" address={null} isOwner onSaved={saved} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add an address' }));
    fireEvent.change(screen.getByLabelText(/Invoices made out to/), {
      target: { value: 'Camille Martin' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText(INVOICE_MESSAGES.city)).toBeTruthy();
    expect(screen.getByText(INVOICE_MESSAGES.country)).toBeTruthy();
    expect(sent).toHaveLength(0);
    for (const [label, value] of [
      [/Street address/, '12 rue de la Paix'],
      [/^City/, 'Paris'],
      [/Postal code/, '75002'],
      [/Country code/, 'fr'],
    ] as const)
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ name: 'Camille Martin', city: 'Paris', country: 'FR' });
  });

  it('shows the address to everyone and the edit button to owners only', () => {
    renderWithProviders(
      <InvoiceAddressCard
        organizationId="o"
        isOwner={false}
        onSaved={() => Promise.resolve()}
        address={{
          name: 'Camille Martin',
          email: '',
          company: 'Laverie SAS',
          line1: '12 rue de la Paix',
          line2: '',
          city: 'Paris',
          region: '',
          postalCode: '75002',
          country: 'FR',
          vatNumber: 'FR123',
        }}
      />,
    );
    expect(screen.getByTestId('invoice-address').textContent).toContain('75002 Paris');
    expect(screen.getByTestId('invoice-address').textContent).toContain('VAT FR123');
    expect(screen.queryByRole('button', { name: 'Edit the address' })).toBeNull();
  });
});
