import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@assay/domain';
import { noteServerVersion, resetVersionMismatch } from '../../api/version.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { hideWaitModal, showWaitModal, WaitModal } from '../../ui/wait-modal.tsx';
import { VersionBanner } from '../../ui/version-banner.tsx';
import { CookiesDisabledPage } from './cookies-disabled-page.tsx';
import { OopsView } from './oops-page.tsx';

describe('cookies page', () => {
  it('says "Please try again." while cookies stay off, and reloads once they are on', () => {
    let enabled = false;
    const reload = vi.fn();
    renderWithProviders(<CookiesDisabledPage cookiesEnabled={() => enabled} reload={reload} />);
    expect(screen.getByText(MESSAGES.enableCookiesTitle)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('alert').textContent).toBe('Please try again.');
    expect(reload).not.toHaveBeenCalled();
    enabled = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('version banner', () => {
  it('appears when the server runs another build', () => {
    resetVersionMismatch();
    renderWithProviders(<VersionBanner />);
    expect(screen.queryByTestId('version-banner')).toBeNull();
    act(() => noteServerVersion('test-client-version'));
    expect(screen.queryByTestId('version-banner')).toBeNull();
    act(() => noteServerVersion('0.2.0+new'));
    expect(screen.getByTestId('version-banner').textContent).toContain(MESSAGES.newVersion);
    act(() => resetVersionMismatch());
  });
});

describe('wait modal', () => {
  it('shows "Awesome stuff is happening" while waiting', async () => {
    renderWithProviders(<WaitModal />);
    expect(screen.queryByText(MESSAGES.waitTitle)).toBeNull();
    act(() => showWaitModal());
    expect(await screen.findByText(MESSAGES.waitTitle)).toBeTruthy();
    expect(screen.getByText('This will only take a few seconds')).toBeTruthy();
    act(() => hideWaitModal());
  });
});

describe('oops page', () => {
  it('shows the stack outside production', () => {
    renderWithProviders(<OopsView error={new Error('render exploded')} />);
    expect(screen.getByText('Oops! Something went wrong')).toBeTruthy();
    expect(screen.getByTestId('error-stack').textContent).toContain('render exploded');
  });

  it('hides the stack in production', () => {
    renderWithProviders(<OopsView error={new Error('render exploded')} showStack={false} />);
    expect(screen.getByText('Oops! Something went wrong')).toBeTruthy();
    expect(screen.queryByTestId('error-stack')).toBeNull();
  });
});
