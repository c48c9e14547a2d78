import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SALES_REQUEST_MESSAGES } from '@assay/domain';
import { renderWithProviders } from '../../test/render.tsx';
import { EnterpriseRequestButton } from './enterprise-request.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('Contact us for Enterprise (#30)', () => {
  it('asks what the team needs, then sends the request and closes', async () => {
    const sent: { url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return Promise.resolve(Response.json({ id: 'r', createdAt: '' }, { status: 201 }));
    });
    renderWithProviders(<EnterpriseRequestButton organizationId="org-1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Contact us' }));
    await screen.findByRole('dialog', { name: 'The Enterprise plan' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(SALES_REQUEST_MESSAGES.message)).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/How many people/), { target: { value: '40' } });
    fireEvent.change(screen.getByLabelText(/What do you need/), {
      target: { value: 'Single sign-on for our accelerator.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      {
        url: '/api/org/organizations/org-1/sales-requests',
        body: { seats: 40, message: 'Single sign-on for our accelerator.' },
      },
    ]);
  });
});
