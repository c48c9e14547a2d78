/**
 * A board's link counts read the live cards' connections by their ends and the cards at the other
 * ends by key (#54): as a join of all the project's connections to live, published cards, stale
 * statistics made PostgreSQL walk every published card of the database once per connection, and
 * every connection the project ever had was read (`bench:soak`: 1.9 → 20 ms a canvas read over
 * half an hour). Held here by its plan, on PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getTestDatabase } from '../../../test/database.ts';
import { planNodes } from '../../../test/plans.ts';
import { linkCountsStatement } from './link-counts.ts';

describe("a board's link counts", () => {
  it('reach connections by their ends and the cards at the other ends by key', async () => {
    const nodes = await planNodes(await getTestDatabase(), linkCountsStatement(randomUUID()));
    const scans = (table: string) =>
      nodes
        .filter((n) => n['Relation Name'] === table)
        .map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`.trim());
    // The project's live cards by the project, the other ends by key; nothing walked whole.
    expect(new Set(scans('cards'))).toEqual(
      new Set(['Index Scan cards_project_type_idx', 'Index Scan cards_pkey']),
    );
    // The connections of each card, by either end: never all of the project's.
    expect(scans('connections').length).toBe(2);
    expect(scans('connections').some((s) => s.includes('connections_project_idx'))).toBe(false);
    expect(scans('connections').some((s) => s.startsWith('Seq Scan'))).toBe(false);
  });
});
