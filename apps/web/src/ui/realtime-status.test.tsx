import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { realtimeStatus, subscribe } from '../api/realtime.ts';
import { renderWithProviders } from '../test/render.tsx';
import { RealtimeStatus } from './realtime-status.tsx';

/** A socket the test opens and drops by hand. */
class HandSocket {
  static last: HandSocket | null = null;
  onopen: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onmessage: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    HandSocket.last = this;
  }
  send() {}
  close() {}
}

describe('the live connection’s state (#48 item 6)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('says when it is down and reconnecting, with the attempts, and when it is back', () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', HandSocket);
    renderWithProviders(<RealtimeStatus />);
    const stop = subscribe('p-status-test', () => undefined);
    // The first connection is not "down" while it opens.
    expect(screen.queryByTestId('realtime-status')).toBeNull();
    act(() => HandSocket.last!.onopen!());
    expect(realtimeStatus.get().state).toBe('connected');
    // Dropped: a new attempt after the back-off.
    act(() => HandSocket.last!.onclose!({ code: 1006 }));
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('realtime-status').textContent).toBe(
      'Live updates are disconnected. Reconnecting… (attempt 1)',
    );
    act(() => HandSocket.last!.onclose!({ code: 1006 }));
    act(() => void vi.advanceTimersByTime(5000));
    expect(screen.getByTestId('realtime-status').textContent).toContain('(attempt 2)');
    // Connected again.
    act(() => HandSocket.last!.onopen!());
    expect(screen.getByTestId('realtime-status').textContent).toBe(
      'Live updates are back: this page shows the latest changes.',
    );
    act(() => void vi.advanceTimersByTime(5000));
    expect(screen.queryByTestId('realtime-status')).toBeNull();
    stop();
  });
});
