/**
 * How much a board's hypotheses are connected to (#26, evidence at a glance): published evidence
 * and experiments per hypothesis of a project, in one query over the project's connections (each
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
 * The other end of each of the project's connections is looked up by its key, one connection at a
 * time (a scalar subquery, which the planner cannot turn into a join): the cost follows the
 * project's connections whatever the table statistics say. As a join on live, published cards,
 * stale statistics (a table grown since its last analyse) made PostgreSQL walk the partial index
 * of every published card of the database once per connection of the project: 7 ms a canvas
 * read and growing all through a soak (`bench:soak`). Held by `link-counts-plan.test.ts`.
 */
export function linkCountsStatement(projectId: string): SQL {
  return sql`
    select y.card_id,
      count(*) filter (where y.other_type = 'experiment') as experiments,
      count(*) filter (where y.other_type not in ('hypothesis', 'experiment')) as evidence
    from (
      select x.card_id,
        -- Live and published are read, not asked for: asked for, they would let the planner
        -- walk the partial index of published cards instead of the key.
        (select case when c.deleted_at is null and not c.draft then c.type end
          from cards c where c.id = x.other) as other_type
      from (
        select first_card_id as card_id, second_card_id as other from connections
          where project_id = ${projectId}
        union all
        select second_card_id, first_card_id from connections where project_id = ${projectId}
      ) x
    ) y
    where y.other_type is not null
    group by y.card_id`;
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
