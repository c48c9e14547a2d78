import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@assay/domain';
import { renderWithProviders } from '../test/render.tsx';
import { rememberContactAddresses } from '../api/contact.ts';
import { openLimitDialog } from './limit-dialog.tsx';

describe('limit dialog', () => {
  it('asks the owners when a member contacts, and closes on not now', async () => {
    renderWithProviders(<div />);
    const askOwners = vi.fn(async () => 1);
    act(() => {
      openLimitDialog({
        title: MESSAGES.projectLimitTitle,
        message: 'Monthly project allocation exceeded',
        isOwner: false,
        askOwners,
      });
    });
    expect(await screen.findByText('Project Limit Reached')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ask an owner' }));
    expect(askOwners).toHaveBeenCalledOnce();
    expect(await screen.findByText('We asked the owners of your organization.')).toBeTruthy();

    act(() => {
      openLimitDialog({
        title: MESSAGES.projectLimitTitle,
        message: 'Again',
        isOwner: false,
        askOwners,
      });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByText('Again')).toBeNull());
    expect(askOwners).toHaveBeenCalledOnce();
  });

  it('lets owners contact us', async () => {
    renderWithProviders(<div />);
    const contactUs = vi.fn();
    act(() => {
      openLimitDialog({
        title: MESSAGES.projectLimitTitle,
        message: 'Full',
        isOwner: true,
        askOwners: vi.fn(),
        contactUs,
      });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Contact us' }));
    expect(contactUs).toHaveBeenCalledOnce();
  });

  it("writes to the deployment's support address by default (from the bootstrap answer)", async () => {
    rememberContactAddresses({
      contact: {
        support: 'help@uni.example',
        sales: 'plans@uni.example',
        help: 'https://help.uni.example',
      },
    });
    const location = { href: '' };
    vi.stubGlobal('location', location);
    renderWithProviders(<div />);
    act(() => {
      openLimitDialog({ title: 'Full', message: 'Full', isOwner: true, askOwners: vi.fn() });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Contact us' }));
    expect(location.href).toBe('mailto:help@uni.example?subject=Full');
    vi.unstubAllGlobals();
  });
});
