import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { ALERT_DEFAULTS, alertAutoClose, closeRerouteAlerts, showAlert } from './alerts.ts';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('alerts', () => {
  it('closes flash alerts after 4 s by default, or after closeSeconds', () => {
    expect(alertAutoClose({})).toBe(4000);
    expect(alertAutoClose({ closeSeconds: 8 })).toBe(8000);
    expect(alertAutoClose({ time: 'pause' })).toBe(false);
    expect(alertAutoClose({ time: 'reroute' })).toBe(false);
  });

  it('shows a flash alert and removes it after 4 seconds', async () => {
    renderWithProviders(<div />);
    act(() => {
      showAlert({ message: 'Saved your changes' });
    });
    expect(await screen.findByText('Saved your changes')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(screen.queryByText('Saved your changes')).toBeNull();
  });

  it('keeps a pause alert, and closes reroute alerts on navigation', async () => {
    renderWithProviders(<div />);
    act(() => {
      showAlert({ message: 'Stays here', time: 'pause' });
      showAlert({ message: 'Until you move', time: 'reroute' });
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(screen.getByText('Stays here')).toBeTruthy();
    expect(screen.getByText('Until you move')).toBeTruthy();
    act(() => closeRerouteAlerts());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.queryByText('Until you move')).toBeNull();
    expect(screen.getByText('Stays here')).toBeTruthy();
  });

  it('takes the defaults of part 1 §4.4 when nothing is named: success, flash, "Alert Prompt"', async () => {
    expect(ALERT_DEFAULTS).toEqual({ type: 'success', time: 'flash', prompt: 'Alert Prompt' });
    renderWithProviders(<div />);
    act(() => {
      showAlert({ message: 'Done and dusted' });
      showAlert({ message: 'That did not work', type: 'warning', title: 'Not saved' });
    });
    const plain = (await screen.findByText('Done and dusted')).closest('[aria-label]');
    expect(plain?.getAttribute('aria-label')).toBe('Alert Prompt');
    expect(plain?.getAttribute('style') ?? '').toContain('teal');
    const named = screen.getByText('That did not work').closest('[aria-label]');
    expect(named?.getAttribute('aria-label')).toBe('Not saved');
    expect(named?.getAttribute('style') ?? '').toContain('yellow');
  });
});
