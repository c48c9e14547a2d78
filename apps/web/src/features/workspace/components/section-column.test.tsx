import { DndContext } from '@dnd-kit/core';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import type { BoardCard } from '../api/canvas.ts';
import { SectionColumn } from './section-column.tsx';

const cards: BoardCard[] = Array.from({ length: 60 }, (_, i) => ({
  id: `c${i}`,
  title: `Hypothesis ${i + 1}`,
  draft: false,
  version: 1,
  tags: [],
  viewed: true,
  section: 'channels',
  rank: `a${String(i).padStart(2, '0')}`,
  businessStatus: 'inTesting',
  result: 'none',
  risky: false,
  productStatus: null,
  canEdit: true,
}));

/**
 * The browser's IntersectionObserver, as far as a section uses it: each block not drawn is watched,
 * and the test says when one comes near the screen. (jsdom has none.)
 */
class NearScreen {
  static watched = new Map<Element, NearScreen>();
  constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
  observe(element: Element) {
    NearScreen.watched.set(element, this);
  }
  disconnect() {
    for (const [element, observer] of NearScreen.watched)
      if (observer === this) NearScreen.watched.delete(element);
  }
  static comeNear(element: Element) {
    const observer = NearScreen.watched.get(element);
    if (!observer) throw new Error('not watched');
    act(() => observer.callback([{ isIntersecting: true }]));
  }
}

const drawnIds = () =>
  screen.getAllByTestId('board-card').map((c) => c.getAttribute('data-card-id'));

function renderSection() {
  renderWithProviders(
    <DndContext>
      <SectionColumn sectionKey="channels" name="Channels" cards={cards} onOpen={vi.fn()} />
    </DndContext>,
  );
}

describe('a section of a board', () => {
  beforeEach(() => {
    NearScreen.watched.clear();
    vi.stubGlobal('IntersectionObserver', NearScreen);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('draws its first cards with the page and each further block as it comes near the screen', async () => {
    renderSection();
    // The count says the whole section at once.
    expect(screen.getByTestId('section-count').textContent).toBe('60');
    expect(drawnIds()).toEqual(cards.slice(0, 12).map((c) => c.id));
    const pending = screen.getAllByTestId('pending-cards');
    expect(pending).toHaveLength(4);
    // Each keeps the room of its cards, and their titles, hidden until the browser's find
    // looks for them.
    expect(pending[0]!.style.height).toBe(`${12 * 74 - 6}px`);
    const titles = pending[0]!.firstElementChild!;
    expect(titles.getAttribute('hidden')).toBe('until-found');
    expect(titles.textContent).toContain('Hypothesis 13');
    expect(titles.textContent).toContain('Hypothesis 24');
    NearScreen.comeNear(pending[0]!);
    await waitFor(() => expect(drawnIds()).toEqual(cards.slice(0, 24).map((c) => c.id)));
    expect(screen.getAllByTestId('pending-cards')).toHaveLength(3);
  });

  it("draws a block at once when the browser's find matches a title in it, in its place", () => {
    renderSection();
    const last = screen.getAllByTestId('pending-cards')[3]!;
    act(() => {
      last.firstElementChild!.dispatchEvent(new Event('beforematch'));
    });
    // Drawn in the event itself, before the browser scrolls to the match.
    expect(drawnIds()).toEqual([...cards.slice(0, 12), ...cards.slice(48)].map((c) => c.id));
    expect(screen.getAllByTestId('pending-cards')).toHaveLength(3);
  });

  it('draws every card where the browser cannot say what is near the screen', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    renderSection();
    await waitFor(() => expect(drawnIds()).toEqual(cards.map((c) => c.id)));
    expect(screen.queryByTestId('pending-cards')).toBeNull();
  });
});
