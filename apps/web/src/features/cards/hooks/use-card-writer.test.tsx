import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { queueCardWrite } from '../../../api/card-writes.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { freshestCard, type CardDetail } from '../api/card.ts';
import { useCardWriter } from './use-card-writer.ts';

/** A deferred answer: the test decides when the server answers. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const card = (id: string, over: Partial<CardDetail> = {}, risky = false) =>
  ({
    id,
    version: 1,
    title: 'Old title',
    hypothesis: { risky },
    ...over,
  }) as unknown as CardDetail;

function setup(id: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.card(id), card(id));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useCardWriter(id), { wrapper });
  const shown = () => client.getQueryData<CardDetail>(queryKeys.card(id));
  return { client, write: result.current.write, shown };
}

const riskyOn = (c: CardDetail) =>
  ({ ...c, hypothesis: { ...c.hypothesis, risky: true } }) as CardDetail;

describe('card writer', () => {
  it('keeps a switch just clicked on while the answer to an earlier save arrives', async () => {
    const { write, shown } = setup('c-switch');
    const title = deferred<CardDetail>();
    const risky = deferred<CardDetail>();
    // The title's autosave leaves first; the person then turns Risky on.
    let titleDone!: Promise<unknown>;
    let riskyDone!: Promise<unknown>;
    act(() => {
      titleDone = write((c) => queueCardWrite(c.id, c.version, () => title.promise));
      riskyDone = write((c) => queueCardWrite(c.id, c.version, () => risky.promise), {
        optimistic: riskyOn,
      });
    });
    await act(async () => undefined);
    expect(shown()?.hypothesis?.risky).toBe(true);
    // The title's answer knows nothing of Risky yet: the switch stays on, the title updates.
    await act(async () => {
      title.resolve(card('c-switch', { version: 2, title: 'New title' }));
      await titleDone;
    });
    expect(shown()?.title).toBe('New title');
    expect(shown()?.hypothesis?.risky).toBe(true);
    await act(async () => {
      risky.resolve(card('c-switch', { version: 3, title: 'New title' }, true));
      await riskyDone;
    });
    expect(shown()).toMatchObject({ version: 3, title: 'New title', hypothesis: { risky: true } });
  });

  it('puts the last answer back when the optimistic write fails', async () => {
    const { write, shown } = setup('c-fail');
    const title = deferred<CardDetail>();
    const risky = deferred<CardDetail>();
    let titleDone!: Promise<unknown>;
    let riskyDone!: Promise<unknown>;
    act(() => {
      titleDone = write((c) => queueCardWrite(c.id, c.version, () => title.promise));
      riskyDone = write((c) => queueCardWrite(c.id, c.version, () => risky.promise), {
        optimistic: riskyOn,
      }).catch(() => null);
    });
    await act(async () => {
      title.resolve(card('c-fail', { version: 2, title: 'New title' }));
      await titleDone;
      risky.reject(Object.assign(new Error('nope'), { statusCode: 400 }));
      await riskyDone;
    });
    // The title saved stays; only the refused change is undone.
    expect(shown()).toMatchObject({ version: 2, title: 'New title', hypothesis: { risky: false } });
  });

  it('drops a fetched card older than the cached one or crossing a write on its way', async () => {
    const cached = card('c-fetch', { version: 4 });
    expect(freshestCard(cached, card('c-fetch', { version: 3 }))).toBe(cached);
    const newer = card('c-fetch', { version: 5, title: 'Theirs' });
    expect(freshestCard(cached, newer)).toEqual(newer);
    const gate = deferred<{ version: number }>();
    const pending = queueCardWrite('c-fetch', 4, () => gate.promise);
    expect(freshestCard(cached, newer)).toBe(cached);
    gate.resolve({ version: 6 });
    await pending;
  });
});
