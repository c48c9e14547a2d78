import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLiveProject } from './live-project.ts';

const PROJECT = '7d3f0f0e-8a53-4f57-9b1f-3a5c2e9d6b10';

/** Counts the sockets the page opens (none reaches a server here). */
class CountingSocket {
  static opened: string[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readyState = 0;
  constructor(url: string) {
    CountingSocket.opened.push(url);
  }
  send() {}
  close() {}
}

function mount(user: { id: string } | null) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  client.setQueryData(['bootstrap'], { user, membership: null, organization: null });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useLiveProject(PROJECT), { wrapper });
}

describe('a project screen’s realtime channel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    CountingSocket.opened = [];
  });

  it('opens no socket for a signed-out visit on its way to sign-in', () => {
    vi.stubGlobal('WebSocket', CountingSocket);
    const view = mount(null);
    expect(CountingSocket.opened).toEqual([]);
    view.unmount();
  });

  it('opens the channel once someone is signed in', () => {
    vi.stubGlobal('WebSocket', CountingSocket);
    const view = mount({ id: 'u1' });
    expect(CountingSocket.opened.length).toBe(1);
    view.unmount();
  });
});
