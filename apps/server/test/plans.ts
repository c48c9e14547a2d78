/**
 * What a statement's plan reads whole: the tables PostgreSQL (or PGlite) scans from end to end
 * when it is told to avoid that wherever an index can do (`enable_seqscan = off`). A statement
 * that still scans a table then has no way to reach its rows through an index, and will read
 * every organisation's rows once the table holds them (`bench:volume`).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../src/platform/db/index.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

export async function tablesReadWhole(database: Database, statement: SQL): Promise<string[]> {
  const found: string[] = [];
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = (await tx.execute(sql`explain (format json) ${statement}`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    const cell = Object.values(result.rows[0] ?? {})[0];
    const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
    const walk = (node: PlanNode) => {
      if (node['Node Type'] === 'Seq Scan' && node['Relation Name'])
        found.push(node['Relation Name']);
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(plan[0]!.Plan);
  });
  return found;
}
