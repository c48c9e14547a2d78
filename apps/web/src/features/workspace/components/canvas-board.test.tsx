import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { memo } from 'react';
import { describe, expect, it } from 'vitest';
import { useOpenCard } from './canvas-board.tsx';

describe('opening a card from a board', () => {
  it('puts the card in the query string, and stays the same function as the board draws again', async () => {
    let renders = 0;
    let open: ((cardId: string) => void) | undefined;
    const Board = memo(function Board() {
      renders += 1;
      open = useOpenCard();
      return null;
    });
    const Page = () => <Board />;
    const router = createMemoryRouter(
      [{ path: '/workspace/:id/canvas/business', Component: Page }],
      {
        initialEntries: ['/workspace/p1/canvas/business?view=board'],
      },
    );
    // The opener reads the browser's query string when called, as the app's browser router keeps it.
    window.history.replaceState(null, '', '/workspace/p1/canvas/business?view=board');
    render(<RouterProvider router={router} />);
    const drawn = renders;
    const first = open;
    await act(async () => open?.('c1'));
    expect(router.state.location.pathname).toBe('/workspace/p1/canvas/business');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      view: 'board',
      cardId: 'c1',
      cardTab: 'details',
    });
    // The board draws again (its query string changed), but hands its memoised sections the same
    // opener, so their thousand cards are not drawn again: what made opening a card slow.
    expect(renders).toBeGreaterThan(drawn);
    expect(open).toBe(first);
  });
});
