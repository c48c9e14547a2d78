/**
 * What a statement's plan reads whole: the tables PostgreSQL (or PGlite) scans from end to end
 * when it is told to avoid that wherever an index can do (`enable_seqscan = off`). A statement
 * that still scans a table then has no way to reach its rows through an index, and will read
 * every organisation's rows once the table holds them (`bench:volume`).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../src/platform/db/index.ts';

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every node of the statement's plan, with sequential scans avoided wherever an index can do. */
export async function planNodes(database: Database, statement: SQL): Promise<PlanNode[]> {
  const nodes: PlanNode[] = [];
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = (await tx.execute(sql`explain (format json) ${statement}`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    const cell = Object.values(result.rows[0] ?? {})[0];
    const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
    const walk = (node: PlanNode) => {
      nodes.push(node);
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(plan[0]!.Plan);
  });
  return nodes;
}

export async function tablesReadWhole(database: Database, statement: SQL): Promise<string[]> {
  return (await planNodes(database, statement))
    .filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'])
    .map((n) => n['Relation Name']!);
}
