/**
 * A board's link counts look up the other end of each of the project's connections by its key
 * (#54): as a join, stale statistics made PostgreSQL walk every published card of the database
 * once per connection of the project (`bench:soak`: 7 ms a canvas read, growing all run long).
 * Held here by its plan, on PGlite and PostgreSQL: cards are reached by their primary key only.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getTestDatabase } from '../../../test/database.ts';
import { planNodes } from '../../../test/plans.ts';
import { linkCountsStatement } from './link-counts.ts';

describe("a board's link counts", () => {
  it('reach the cards at the other ends by their key, never by walking the cards', async () => {
    const nodes = await planNodes(await getTestDatabase(), linkCountsStatement(randomUUID()));
    const onCards = nodes.filter((n) => n['Relation Name'] === 'cards');
    expect(onCards.length).toBeGreaterThan(0);
    expect(onCards.map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`.trim())).toEqual(
      onCards.map(() => 'Index Scan cards_pkey'),
    );
  });
});
