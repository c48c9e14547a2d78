/**
 * A member's inbox channel: a new notification refreshes the inbox at once; when the channel first
 * listens, the inbox is read again only if a notification may have come after it was read — not
 * on every page load, as it was (#28).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DrivenSocket, subscribed } from '../../../test/driven-socket.ts';
import { notificationsKey, useLiveInbox } from './notifications.ts';

const PROFILE = '5a0c2f1e-3b4d-4e6f-8a9b-0c1d2e3f4a5b';

afterEach(() => {
  vi.unstubAllGlobals();
  DrivenSocket.all = [];
});

/** A page whose header read the inbox 300 ms ago, its channel's socket open but not yet listening. */
function openPage() {
  vi.stubGlobal('WebSocket', DrivenSocket);
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(['bootstrap'], {
    user: { id: 'u1' },
    membership: { profileId: PROFILE },
    organization: { id: 'o1' },
  });
  client.setQueryData(
    notificationsKey(null),
    { unreadCount: 0, notifications: [] },
    { updatedAt: Date.now() - 300 },
  );
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const view = renderHook(() => useLiveInbox(), { wrapper });
  const socket = DrivenSocket.all[0]!;
  expect(socket.url).toContain(`/sub/i${PROFILE}`);
  socket.open();
  const inbox = () => client.getQueryCache().find({ queryKey: notificationsKey(null) })!;
  return { view, socket, inbox };
}

describe('a member’s inbox channel', () => {
  it.each([
    ['the newest notification is older than it', Date.now() - 3_600_000],
    ['the member has no notification at all (the channel says nothing)', undefined],
  ])('keeps the inbox when the channel listens and %s', (_, lastEventAt) => {
    const { view, socket, inbox } = openPage();
    socket.say(subscribed(Date.now(), lastEventAt));
    expect(inbox().state.isInvalidated).toBe(false);
    view.unmount();
  });

  it('reads the inbox again when a notification may have come after it was read', () => {
    const { view, socket, inbox } = openPage();
    socket.say(subscribed(Date.now(), Date.now() - 100));
    expect(inbox().state.isInvalidated).toBe(true);
    view.unmount();
  });

  it('reads the inbox again at once when a notification comes', () => {
    const { view, socket, inbox } = openPage();
    socket.say(subscribed(Date.now(), Date.now() - 3_600_000));
    socket.say({ event: 'notifications.create', id: 'n1', at: new Date().toISOString() });
    expect(inbox().state.isInvalidated).toBe(true);
    view.unmount();
  });
});
