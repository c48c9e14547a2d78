import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  moveOnBoard,
  portalKeys,
  withCardMoved,
  type PublicBoardState,
  type PublicCard,
} from './portal.ts';

const card = (cardId: string, section: string): PublicCard => ({
  id: `pc-${cardId}`,
  cardId,
  boardId: 'b1',
  categoryId: 'general',
  section,
  rank: 'a0',
  draft: { title: cardId, summary: '', description: '', images: [], figma: null },
  live: null,
  isLive: false,
  hasDraftChanges: true,
  version: 1,
  publishedAt: null,
  updatedAt: '2026-11-23T00:00:00Z',
  hypothesisTitle: cardId,
  connectionCount: 0,
});

const section = (key: string, cardTotal: number) => ({
  key,
  name: key,
  color: 'gray' as const,
  isDefault: key === 'now',
  isProtected: key === 'now',
  rank: key,
  cardTotal,
});

const state: PublicBoardState = {
  board: {
    id: 'b1',
    projectId: 'p1',
    name: 'Roadmap',
    link: 'roadmap',
    shareSetting: 'public',
    image: null,
    imageMediaId: null,
    updatedBy: null,
    updatedAt: '2026-11-23T00:00:00Z',
  },
  categories: [
    { id: 'general', name: 'General', color: 'indigo', rank: 'a0' },
    { id: 'apps', name: 'Apps', color: 'teal', rank: 'a1' },
  ],
  sections: [section('now', 2), section('next', 0)],
  cards: [card('a', 'now'), card('b', 'now')],
  abilities: { manage: true, publish: true },
};

afterEach(() => vi.unstubAllGlobals());

describe('moving a public card on the board', () => {
  it('moves the card and its section totals by one', () => {
    const moved = withCardMoved(state, 'a', { section: 'next' });
    expect(moved.sections.map((s) => [s.key, s.cardTotal])).toEqual([
      ['now', 1],
      ['next', 1],
    ]);
    expect(moved.cards.find((c) => c.cardId === 'a')?.section).toBe('next');
    expect(state.sections[0]?.cardTotal).toBe(2);
  });

  it('changes only the category when that is all that moves', () => {
    const moved = withCardMoved(state, 'b', { categoryId: 'apps' });
    expect(moved.sections.map((s) => s.cardTotal)).toEqual([2, 0]);
    expect(moved.cards.find((c) => c.cardId === 'b')?.categoryId).toBe('apps');
    expect(withCardMoved(state, 'unknown', { section: 'next' })).toBe(state);
  });

  it('shows the move at once and undoes it when the server refuses', async () => {
    const client = new QueryClient();
    client.setQueryData(portalKeys.board('p1'), state);
    let release: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (release = resolve))),
    );
    const moving = moveOnBoard(client, 'p1', { cardId: 'a', section: 'next' });
    const during = client.getQueryData<PublicBoardState>(portalKeys.board('p1'));
    expect(during?.sections.map((s) => s.cardTotal)).toEqual([1, 1]);
    release(
      new Response(
        JSON.stringify({
          errors: [
            { message: 'statusCode:403;message:You do not have permission to do that.;ref:2003' },
          ],
        }),
        { status: 200 },
      ),
    );
    await expect(moving).rejects.toThrow('You do not have permission to do that.');
    const after = client.getQueryData<PublicBoardState>(portalKeys.board('p1'));
    expect(after?.sections.map((s) => s.cardTotal)).toEqual([2, 0]);
    expect(after?.cards.find((c) => c.cardId === 'a')?.section).toBe('now');
  });
});
