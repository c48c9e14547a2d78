/**
 * Cards of a long section not drawn yet (#28): a block keeps their room on the page until it
 * comes near the screen, then the section draws its cards. Their titles are on the page meanwhile,
 * hidden until found: the browser's find-in-page still finds a card anywhere on a 1,000-card
 * canvas, and a match draws its block (the `beforematch` event) and brings it into view.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { flushSync } from 'react-dom';

/** How far ahead of the screen a block is drawn, so a scroll finds its cards already there. */
const AHEAD_PX = 800;
const AHEAD = `${AHEAD_PX}px 0px`;
/** An average card on a board with the section's gap under it (board-card.module.css). */
export const CARD_ROW_PX = 74;
const GAP_PX = 6;

export function PendingCards(props: {
  titles: readonly string[];
  /** Draws the block; `now` when a find-in-page match needs its cards at once. */
  onNear: (now: boolean) => void;
  /** The block's first card, brought into view when a match draws the block. */
  firstId: string;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const found = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  latest.current = props;
  // A block already near the screen when it is first laid out is drawn before the page paints:
  // its room never shows empty (the observer below would draw it a frame later).
  useLayoutEffect(() => {
    const box = holder.current?.getBoundingClientRect();
    if (box && box.bottom >= -AHEAD_PX && box.top <= window.innerHeight + AHEAD_PX)
      latest.current.onNear(true);
  }, []);
  useEffect(() => {
    const block = holder.current;
    const text = found.current;
    if (!block || !text) return;
    // Set here rather than in the markup: React renders `hidden` as a plain boolean.
    text.setAttribute('hidden', 'until-found');
    const draw = () => latest.current.onNear(false);
    // The match was in the titles, which the cards now replace: the block comes into view instead.
    const drawNow = () => {
      const list = block.parentElement;
      flushSync(() => latest.current.onNear(true));
      const first = Array.from(list?.querySelectorAll<HTMLElement>('[data-card-id]') ?? []).find(
        (card) => card.dataset.cardId === latest.current.firstId,
      );
      // (jsdom has no scrolling.)
      if (first && 'scrollIntoView' in first) first.scrollIntoView({ block: 'start' });
    };
    text.addEventListener('beforematch', drawNow);
    if (typeof IntersectionObserver === 'undefined') {
      draw();
      return () => text.removeEventListener('beforematch', drawNow);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) draw();
      },
      { rootMargin: AHEAD },
    );
    observer.observe(block);
    return () => {
      observer.disconnect();
      text.removeEventListener('beforematch', drawNow);
    };
  }, []);
  return (
    <div
      ref={holder}
      data-testid="pending-cards"
      style={{ height: props.titles.length * CARD_ROW_PX - GAP_PX, overflow: 'hidden' }}
    >
      {/* One text, a title a line: a block's dozen titles as one node, not twelve elements (on a
          1,000-card canvas, ~1,000 fewer for React to create on the first drawing; #53). */}
      <div ref={found} hidden style={{ whiteSpace: 'pre-line' }}>
        {props.titles.join('\n')}
      </div>
    </div>
  );
}
