/**
 * Connect mode keeps each click on screen until the server has it: an answer read before a
 * connection reached the server, landing after the click, once undid it on screen, so a quick
 * second click connected again (refused) instead of disconnecting — found by a CI run of the
 * connect journey.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useConnectMode } from './use-connect-mode.ts';

interface Link {
  connectionId: string;
  cardId: string;
  rating: number | null;
}

/** A server holding the evidence's links; reads can be held back and let go later. */
function fakeServer() {
  let links: Link[] = [];
  let made = 0;
  const calls: string[] = [];
  const held: Array<() => void> = [];
  let holdReads = false;
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const read = () =>
    json({
      data: {
        card: {
          id: 'ev1',
          title: 'Talk with Ana',
          type: 'evidence',
          associations: { hypothesis: links.map((l) => ({ ...l })), evidence: [], experiments: [] },
        },
      },
    });
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    if (url.includes('/gateway')) {
      // The answer is what the server holds when the read arrives, however late it lands.
      const answer = read();
      if (!holdReads) return answer;
      return new Promise<Response>((resolve) => held.push(() => resolve(answer)));
    }
    calls.push(`${method} ${url}`);
    if (method === 'POST') {
      const { connection } = JSON.parse(String(init.body)) as { connection: { cardId: string } };
      if (links.some((l) => l.cardId === connection.cardId))
        return json({ statusCode: 400, message: 'Those cards are already connected.' }, 400);
      const link = { connectionId: `conn-${++made}`, cardId: connection.cardId, rating: null };
      links = [...links, link];
      return json({ connection: { id: link.connectionId } });
    }
    if (method === 'DELETE') {
      const id = url.split('/').pop();
      links = links.filter((l) => l.connectionId !== id);
      return json({});
    }
    return json({ statusCode: 404, message: 'Not found' }, 404);
  });
  return {
    fetch,
    calls,
    holdReads: (on: boolean) => (holdReads = on),
    releaseReads: () => held.splice(0).forEach((release) => release()),
    links: () => links,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('connect mode', () => {
  it('a quick second click disconnects, even when an older read lands between the clicks', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server.fetch);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/p?connect=ev1']}>{children}</MemoryRouter>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => useConnectMode(), { wrapper });
    await waitFor(() => expect(result.current?.source).toBeDefined());

    // A read starts before the click (another screen refreshing) and is held back.
    server.holdReads(true);
    void queryClient.refetchQueries({ queryKey: ['card-links', 'ev1'] });
    act(() => result.current!.toggle('pickup'));
    expect(result.current!.linkOf('pickup')).toBeDefined();
    // The connection reaches the server; the old read, without it, lands afterwards.
    await waitFor(() => expect(server.links()).toHaveLength(1));
    act(() => server.releaseReads());
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(result.current!.linkOf('pickup')).toBeDefined();
    expect(result.current!.source?.links).toHaveLength(1);

    // The second click takes it back, on screen and on the server.
    act(() => result.current!.toggle('pickup'));
    expect(result.current!.linkOf('pickup')).toBeUndefined();
    server.holdReads(false);
    server.releaseReads();
    await waitFor(() => expect(server.links()).toHaveLength(0));
    await waitFor(() => expect(result.current!.source?.links).toHaveLength(0));
    expect(server.calls.map((c) => c.split(' ')[0])).toEqual(['POST', 'DELETE']);
  });
});
