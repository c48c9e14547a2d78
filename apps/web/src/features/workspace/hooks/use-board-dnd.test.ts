import { describe, expect, it } from 'vitest';
import type { BoardCard } from '../api/canvas.ts';
import { dropTarget, groupBySection, SECTION_PREFIX } from './use-board-dnd.ts';

const card = (id: string, section: string, rank: string): BoardCard => ({
  id,
  title: id,
  draft: false,
  version: 1,
  tags: [],
  viewed: false,
  section,
  rank,
  businessStatus: 'inTesting',
  result: 'none',
  risky: false,
  productStatus: null,
  canEdit: true,
});

const cards = [
  card('a', 'channels', 'a0'),
  card('b', 'channels', 'a1'),
  card('c', 'channels', 'a2'),
  card('x', 'costStructure', 'a0'),
];

describe('dropping cards', () => {
  it('puts a card dropped on another section at its end', () => {
    const target = dropTarget(cards, 'a', `${SECTION_PREFIX}costStructure`);
    expect(target?.section).toBe('costStructure');
    expect(target!.rank > 'a0').toBe(true);
  });

  it('takes the place of the card it is dropped on, within and across sections', () => {
    const down = dropTarget(cards, 'a', 'b')!;
    expect(down.section).toBe('channels');
    expect(down.rank > 'a1' && down.rank < 'a2').toBe(true);
    const up = dropTarget(cards, 'c', 'a')!;
    expect(up.rank < 'a0').toBe(true);
    const across = dropTarget(cards, 'x', 'b')!;
    expect(across).toMatchObject({ section: 'channels' });
    expect(across.rank > 'a0' && across.rank < 'a1').toBe(true);
  });

  it('changes nothing when a card is dropped where it already is', () => {
    expect(dropTarget(cards, 'c', `${SECTION_PREFIX}channels`)).toBeNull();
    expect(dropTarget(cards, 'b', 'b')).toBeNull();
  });

  it('groups cards by section in rank order', () => {
    const groups = groupBySection([card('z', 's', 'a2'), card('y', 's', 'a1')]);
    expect(groups.get('s')?.map((c) => c.id)).toEqual(['y', 'z']);
  });
});
