/**
 * Where a dragged card lands on a board of sections: a card dropped on another takes its place,
 * dropped on a section it goes to the end; the new rank sits between its new neighbours.
 */
import { rankBetween } from '@assay/domain';

/** Anything placed in a section at a fractional rank. */
export interface Placed {
  id: string;
  section: string | null;
  rank: string | null;
}

export const SECTION_PREFIX = 'section:';

/** Cards of each section in rank order. */
export function groupBySection<T extends Placed>(cards: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const card of cards) {
    const key = card.section ?? '';
    const list = groups.get(key) ?? [];
    list.push(card);
    groups.set(key, list);
  }
  for (const list of groups.values()) {
    list.sort((a, b) =>
      (a.rank ?? '') < (b.rank ?? '')
        ? -1
        : (a.rank ?? '') > (b.rank ?? '')
          ? 1
          : a.id < b.id
            ? -1
            : 1,
    );
  }
  return groups;
}

/** Where a dropped card goes: its section and rank, or null when nothing changes. */
export function dropTarget<T extends Placed>(
  cards: T[],
  activeId: string,
  overId: string,
): { section: string; rank: string } | null {
  const active = cards.find((c) => c.id === activeId);
  if (!active) return null;
  const groups = groupBySection(cards);
  let section: string;
  let before: T | undefined;
  let after: T | undefined;
  if (overId.startsWith(SECTION_PREFIX)) {
    // Dropped on the section itself: to its end.
    section = overId.slice(SECTION_PREFIX.length);
    const list = (groups.get(section) ?? []).filter((c) => c.id !== activeId);
    before = list.at(-1);
  } else {
    const over = cards.find((c) => c.id === overId);
    if (!over || over.id === active.id) return null;
    section = over.section ?? '';
    const list = groups.get(section) ?? [];
    const overIndex = list.findIndex((c) => c.id === over.id);
    const activeIndex = list.findIndex((c) => c.id === active.id);
    if (activeIndex !== -1) {
      // Within a section the card takes the place of the one it is dropped on.
      const moved = list.filter((c) => c.id !== activeId);
      moved.splice(overIndex, 0, active);
      before = moved[overIndex - 1];
      after = moved[overIndex + 1];
    } else {
      before = list[overIndex - 1];
      after = list[overIndex];
    }
  }
  if (section === active.section) {
    const own = groups.get(section) ?? [];
    const at = own.findIndex((c) => c.id === activeId);
    if (own[at - 1]?.id === before?.id && own[at + 1]?.id === after?.id) return null;
  }
  return { section, rank: rankBetween(before?.rank ?? null, after?.rank ?? null) };
}
