/**
 * How much a board's hypotheses are connected to (#26, evidence at a glance): published evidence
 * and experiments per live hypothesis of a project, in one query over their connections (each
 * side of a pair read by its index). Connections move the project's card version, so a cached
 * board keeps these current.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';

export interface LinkCounts {
  evidence: number;
  experiments: number;
}

export const NO_LINKS: LinkCounts = { evidence: 0, experiments: 0 };

/**
 * From the project's live hypotheses (the board's cards), each one's connections by either end, and the
 * card at the other end by its key (a scalar subquery, which the planner cannot turn into a
 * join): the cost follows the live cards' connections, whatever the table statistics say and
 * however many connections cards deleted since have left behind (#54). As a join of all the
 * project's connections to live, published cards, PostgreSQL walked or hashed every published card
 * of the database on each canvas read, and read every connection the project ever had: in a
 * half-hour soak 1.9 → 20 ms a read (`bench:soak`). Held by `link-counts-plan.test.ts`.
 */
export function linkCountsStatement(projectId: string): SQL {
  return sql`
    -- The board's cards (its live hypotheses) by the project's index, first: grouped by id in
    -- the same scan, the planner could walk the whole primary key for its order. Evidence, whose
    -- connections keep every hypothesis it was ever linked to, is not on a board.
    with live as materialized (
      select h.id from cards h
      where h.project_id = ${projectId} and h.type = 'hypothesis' and h.deleted_at is null
    )
    select h.id as card_id,
      count(*) filter (where o.type = 'experiment') as experiments,
      count(*) filter (where o.type not in ('hypothesis', 'experiment')) as evidence
    from live h
    cross join lateral (
      select l.second_card_id as other from connections l where l.first_card_id = h.id
      union all
      select l.first_card_id from connections l where l.second_card_id = h.id
    ) x
    -- Live and published are read, not asked for: asked for, they would let the planner walk
    -- the partial index of published cards instead of the key.
    cross join lateral (
      select (select case when c.deleted_at is null and not c.draft then c.type end
        from cards c where c.id = x.other) as type
    ) o
    where o.type is not null
    group by h.id`;
}

export async function linkCountsFor(
  executor: Executor,
  projectId: string,
): Promise<Map<string, LinkCounts>> {
  const result = await executor.execute(linkCountsStatement(projectId));
  const rows = (
    result as unknown as {
      rows: { card_id: string; evidence: string | number; experiments: string | number }[];
    }
  ).rows;
  return new Map(
    rows.map((r) => [
      r.card_id,
      { evidence: Number(r.evidence), experiments: Number(r.experiments) },
    ]),
  );
}
