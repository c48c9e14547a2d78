/**
 * A change made while a screen's first read is on its way is shown: the query is read again once
 * that read is back (TanStack Query would otherwise hand the invalidation to the read in flight).
 */
import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client.ts';

function client(): QueryClient {
  return createQueryClient(() => ({
    navigate: vi.fn(),
    alert: vi.fn(),
    location: { pathname: '/', search: '' },
  }));
}

/** A server whose reads wait until answered; each read sees the value as it is when it arrives. */
function server() {
  let value = 'before';
  const reads: { saw: string; answer: () => void }[] = [];
  const read = () =>
    new Promise<string>((resolve) => {
      const saw = value;
      reads.push({ saw, answer: () => resolve(saw) });
    });
  return {
    reads,
    read,
    change: () => {
      value = 'after';
    },
  };
}

/** A screen watching the query, its first read on its way to the server. */
async function screenLoading() {
  const queries = client();
  const api = server();
  const observer = new QueryObserver(queries, { queryKey: ['thing'], queryFn: api.read });
  const unsubscribe = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(api.reads).toHaveLength(1));
  return { queries, api, observer, unsubscribe };
}

describe('the app’s query client', () => {
  it('reads again a query whose first read was on its way when it was changed', async () => {
    const { queries, api, observer, unsubscribe } = await screenLoading();
    // The member changes it before the screen's first read has come back.
    api.change();
    const invalidated = queries.invalidateQueries({ queryKey: ['thing'] });
    api.reads[0]?.answer();
    await vi.waitFor(() => expect(api.reads).toHaveLength(2));
    expect(api.reads.map((read) => read.saw)).toEqual(['before', 'after']);
    api.reads[1]?.answer();
    await invalidated;
    expect(observer.getCurrentResult().data).toBe('after');
    unsubscribe();
  });

  it('still answers a caller waiting on that first read, and reads once when there was data', async () => {
    const { queries, api, observer, unsubscribe } = await screenLoading();
    const waiting = queries.ensureQueryData({ queryKey: ['thing'], queryFn: api.read });
    api.change();
    const invalidated = queries.invalidateQueries({ queryKey: ['thing'] });
    api.reads[0]?.answer();
    await expect(waiting).resolves.toBe('before');
    await vi.waitFor(() => expect(api.reads).toHaveLength(2));
    api.reads[1]?.answer();
    await invalidated;
    // With data, TanStack Query restarts the read itself: one read, not two.
    const again = queries.invalidateQueries({ queryKey: ['thing'] });
    await vi.waitFor(() => expect(api.reads).toHaveLength(3));
    api.reads[2]?.answer();
    await again;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.reads).toHaveLength(3);
    expect(observer.getCurrentResult().data).toBe('after');
    unsubscribe();
  });
});
