/** A board card for tests, with what a test does not care about filled in. */
import type { BoardCard } from '../api/canvas.ts';

export const boardCard = (over: Partial<BoardCard> = {}): BoardCard => ({
  id: 'c1',
  title: 'Nurses buy coffee at 6am',
  draft: false,
  version: 1,
  tags: [],
  viewed: true,
  section: 'customerSegments',
  rank: 'a',
  businessStatus: 'inTesting',
  result: 'none',
  risky: false,
  productStatus: null,
  canEdit: true,
  ...over,
});
