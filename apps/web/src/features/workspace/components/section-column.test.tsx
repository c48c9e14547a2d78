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
  private readonly callback: (entries: { isIntersecting: boolean }[]) => void;
  constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
    this.callback = callback;
  }
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

function renderSection(props: { lazy?: boolean } = {}) {
  renderWithProviders(
    <DndContext>
      <SectionColumn
        sectionKey="channels"
        name="Channels"
        cards={cards}
        onOpen={vi.fn()}
        {...props}
      />
    </DndContext>,
  );
}

/**
 * Where the blocks not drawn are laid out when they first mount (jsdom lays nothing out): the
 * blocks listed by their place among them are just below the screen, the others far below it.
 */
function layOut(nearBlocks: number[]) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    const blocks = Array.from(document.querySelectorAll('[data-testid="pending-cards"]'));
    const place = blocks.indexOf(this);
    const top = place >= 0 && nearBlocks.includes(place) ? window.innerHeight + 100 : 5000;
    return DOMRect.fromRect({ x: 0, y: top, width: 300, height: 400 });
  });
}

describe('a section of a board', () => {
  beforeEach(() => {
    NearScreen.watched.clear();
    vi.stubGlobal('IntersectionObserver', NearScreen);
    layOut([]);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

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

  it('draws a block already near the screen when first laid out, before the page paints', () => {
    layOut([0]);
    renderSection();
    // No observer's answer needed: the layout effect drew it in the same commit.
    expect(drawnIds()).toEqual(cards.slice(0, 24).map((c) => c.id));
    expect(screen.getAllByTestId('pending-cards')).toHaveLength(3);
  });

  it('on a large board, draws even its first cards only once the section is near the screen', () => {
    renderSection({ lazy: true });
    expect(screen.queryAllByTestId('board-card')).toHaveLength(0);
    const pending = screen.getAllByTestId('pending-cards');
    expect(pending).toHaveLength(5);
    // The count still says the whole section, and the find still finds every title.
    expect(screen.getByTestId('section-count').textContent).toBe('60');
    expect(pending[0]!.firstElementChild!.textContent).toContain('Hypothesis 1');
    NearScreen.comeNear(pending[0]!);
    expect(drawnIds()).toEqual(cards.slice(0, 12).map((c) => c.id));
  });

  it('on a large board, draws the first cards with the page when the section starts near the screen', () => {
    layOut([0]);
    renderSection({ lazy: true });
    expect(drawnIds()).toEqual(cards.slice(0, 12).map((c) => c.id));
    expect(screen.getAllByTestId('pending-cards')).toHaveLength(4);
  });

  it('draws every card where the browser cannot say what is near the screen', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    renderSection();
    await waitFor(() => expect(drawnIds()).toEqual(cards.map((c) => c.id)));
    expect(screen.queryByTestId('pending-cards')).toBeNull();
  });
});
