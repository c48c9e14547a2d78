/**
 * Arrow keys between the cards of a board (#32): up and down within a section, left and right to
 * the neighbouring section that has cards (at the same height, or its last card). Enter opens the
 * card in focus; Space picks it up to move (dnd-kit), when arrows move it instead.
 */
const SECTION = '[role="region"][data-testid^="section-"]';
const CARD = '[data-card-id]';

export const CARD_ARROWS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'] as const;

/** Moves the focus from a card to its neighbour in the key's direction; true when it moved. */
export function focusNeighbour(card: HTMLElement, key: string): boolean {
  const section = card.closest(SECTION);
  if (!section) return false;
  const cardsOf = (s: Element) =>
    Array.from(s.querySelectorAll<HTMLElement>(CARD)).filter((c) => c.getClientRects().length > 0);
  const own = cardsOf(section);
  const index = own.indexOf(card);
  let target: HTMLElement | undefined;
  if (key === 'ArrowUp') target = own[index - 1];
  else if (key === 'ArrowDown') target = own[index + 1];
  else if (key === 'ArrowLeft' || key === 'ArrowRight') {
    const sections = Array.from(document.querySelectorAll(SECTION)).filter(
      (s) => cardsOf(s).length > 0,
    );
    const at = sections.indexOf(section);
    const next = sections[key === 'ArrowLeft' ? at - 1 : at + 1];
    if (next) {
      const there = cardsOf(next);
      target = there[Math.min(index, there.length - 1)];
    }
  }
  if (!target) return false;
  target.focus();
  target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  return true;
}
