/**
 * A connection and a rating read their scene through indexes (#54): in a database of 10,000
 * organisations the scene's statement scanned every card and every connection (`bench:volume`,
 * connect p95 7.5× the same organisation alone). Held here by its plan, on PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getTestDatabase } from '../../../test/database.ts';
import { planNodes, tablesReadWhole } from '../../../test/plans.ts';
import { connectionSceneStatement } from './connection-writes.ts';

describe("a connection's scene", () => {
  it('reaches its cards and connections through indexes, for a connect and for a rating', async () => {
    const database = await getTestDatabase();
    const org = randomUUID();
    const big = ['cards', 'connections', 'hypotheses', 'experiments', 'card_interviewees'];
    const connect = await tablesReadWhole(
      database,
      connectionSceneStatement(org, [randomUUID(), randomUUID()], null),
    );
    const rate = await tablesReadWhole(
      database,
      connectionSceneStatement(org, [randomUUID()], randomUUID()),
    );
    expect(connect.filter((t) => big.includes(t))).toEqual([]);
    expect(rate.filter((t) => big.includes(t))).toEqual([]);
    // Cards by their key only: a partial index of live cards would be walked whole.
    for (const statement of [
      connectionSceneStatement(org, [randomUUID(), randomUUID()], null),
      connectionSceneStatement(org, [randomUUID()], randomUUID()),
    ]) {
      const onCards = (await planNodes(database, statement)).filter(
        (n) => n['Relation Name'] === 'cards',
      );
      expect(onCards.map((n) => n['Index Name'])).toEqual(onCards.map(() => 'cards_pkey'));
    }
  });
});
