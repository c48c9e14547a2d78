import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCanvas } from './canvas.ts';

const board = { project: { id: 'p1' }, cards: [] };

function mount(client: QueryClient) {
  const wrapper = (props: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{props.children}</QueryClientProvider>
  );
  return renderHook(() => useCanvas('p1', {}), { wrapper });
}

afterEach(() => vi.unstubAllGlobals());

describe('the canvas query as the canvas mounts (#28)', () => {
  it("uses the page load's answer of a moment ago, and asks again for an older one", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(board)));
    vi.stubGlobal('fetch', fetchMock);

    const justRead = new QueryClient();
    justRead.setQueryData(['canvas', 'p1', {}], board);
    const first = mount(justRead);
    expect(first.result.current.data).toEqual(board);
    expect(fetchMock).not.toHaveBeenCalled();
    first.unmount();

    const older = new QueryClient();
    older.setQueryData(['canvas', 'p1', {}], board, { updatedAt: Date.now() - 10_000 });
    mount(older);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));

    // An answer the app was told is out of date (a change elsewhere) is asked for again too.
    const changed = new QueryClient();
    changed.setQueryData(['canvas', 'p1', {}], board);
    await changed.invalidateQueries({ queryKey: ['canvas'], refetchType: 'none' });
    mount(changed);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });
});
