/**
 * News sent between a screen's data and its channel's subscription is not lost: the channel says
 * when the project's newest event was recorded, and the screen reads its data again only if that
 * may be after its data was read. A reconnection is announced once the server listens again, not
 * when the socket opens.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { oldestDataOf, useLiveProject } from './live-project.ts';
import { mayHaveMissed, MISSED_MARGIN_MS } from './missed-news.ts';
import { subscribe } from './realtime.ts';
import { DrivenSocket, subscribed } from '../test/driven-socket.ts';

const PROJECT = '7d3f0f0e-8a53-4f57-9b1f-3a5c2e9d6b10';
const OTHER = '0b8e5c1a-1f3e-4c4f-9d7a-2e6b1c0d9a11';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  DrivenSocket.all = [];
});

describe('news a screen may have missed before its channel listened', () => {
  const now = Date.parse('2026-11-27T12:00:10Z');
  // The server's clock runs 3 s ahead of the tab's: only durations on each side are compared.
  const serverNow = now + 3_000;

  it('is an event recorded after (or just before) the screen’s data was read', () => {
    const dataAt = now - 2_000; // The data came 2 s ago: on the server's clock, serverNow - 2 s.
    expect(mayHaveMissed(subscribed(serverNow, serverNow - 1_000), dataAt, now)).toBe(true);
    expect(
      mayHaveMissed(subscribed(serverNow, serverNow - 2_000 - MISSED_MARGIN_MS + 1), dataAt, now),
    ).toBe(true);
    // Long before the data: the data has it.
    expect(
      mayHaveMissed(subscribed(serverNow, serverNow - 2_000 - MISSED_MARGIN_MS - 1), dataAt, now),
    ).toBe(false);
    // A project with no event yet, or a screen with no data yet: nothing missed.
    expect(mayHaveMissed(subscribed(serverNow), dataAt, now)).toBe(false);
    expect(mayHaveMissed(subscribed(serverNow, serverNow), null, now)).toBe(false);
  });

  it('is judged from the oldest of the project’s own data, a read on its way counting as now', () => {
    const client = new QueryClient();
    expect(oldestDataOf(client, PROJECT, now)).toBeNull();
    client.setQueryData(['canvas', PROJECT, '{}'], { cards: [] }, { updatedAt: now - 4_000 });
    client.setQueryData(['card-lists', PROJECT], [], { updatedAt: now - 1_000 });
    // Another project's board and data that is not the project's views do not count.
    client.setQueryData(['canvas', OTHER, '{}'], { cards: [] }, { updatedAt: now - 60_000 });
    client.setQueryData(['bootstrap'], {}, { updatedAt: now - 600_000 });
    expect(oldestDataOf(client, PROJECT, now)).toBe(now - 4_000);

    const fresh = new QueryClient();
    void fresh.prefetchQuery({
      queryKey: ['experiments', PROJECT],
      queryFn: () => new Promise(() => undefined),
    });
    expect(oldestDataOf(fresh, PROJECT, now)).toBe(now);
  });
});

describe('a project screen’s channel', () => {
  /** A screen holding a board read 300 ms ago, its channel's socket open but not yet listening. */
  function openScreen() {
    vi.stubGlobal('WebSocket', DrivenSocket);
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    client.setQueryData(['bootstrap'], {
      user: { id: 'u1' },
      membership: null,
      organization: null,
    });
    client.setQueryData(['canvas', PROJECT, '{}'], { cards: [] }, { updatedAt: Date.now() - 300 });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const view = renderHook(() => useLiveProject(PROJECT), { wrapper });
    const socket = DrivenSocket.all[0]!;
    socket.open();
    const board = () => client.getQueryCache().find({ queryKey: ['canvas', PROJECT, '{}'] })!;
    return { view, socket, board };
  }

  it('reads the board again when the project’s last news may have come after it was read', () => {
    const { view, socket, board } = openScreen();
    expect(board().state.isInvalidated).toBe(false);
    // A card was created 100 ms before the channel listened: after the board was read.
    socket.say(subscribed(Date.now(), Date.now() - 100));
    expect(board().state.isInvalidated).toBe(true);
    view.unmount();
  });

  it('keeps the board when the last news is older than it', () => {
    const { view, socket, board } = openScreen();
    socket.say(subscribed(Date.now(), Date.now() - 3_600_000));
    expect(board().state.isInvalidated).toBe(false);
    view.unmount();
  });
});

describe('a channel that reconnects', () => {
  it('says so once the server listens again, not when the socket opens', () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', DrivenSocket);
    const heard: string[] = [];
    const stop = subscribe(`p${PROJECT}`, (event) => heard.push(event.event));
    DrivenSocket.all[0]!.open();
    expect(heard).toEqual([]);
    DrivenSocket.all[0]!.say(subscribed(Date.now()));
    expect(heard).toEqual(['realtime.subscribed']);
    DrivenSocket.all[0]!.drop();
    vi.advanceTimersByTime(10_000);
    const again = DrivenSocket.all[1]!;
    again.open();
    // Open, but not yet listening: a refetch now could still miss what comes before it listens.
    expect(heard).toEqual(['realtime.subscribed']);
    again.say(subscribed(Date.now()));
    expect(heard).toEqual(['realtime.subscribed', 'realtime.reconnected']);
    stop();
  });
});
