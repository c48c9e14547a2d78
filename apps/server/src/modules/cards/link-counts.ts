/**
 * How much a board's hypotheses are connected to (#26, evidence at a glance): published evidence
 * and experiments per hypothesis of a project, in one query over the project's connections (each
 * side of a pair read by its index). Connections move the project's card version, so a cached
 * board keeps these current.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';

export interface LinkCounts {
  evidence: number;
  experiments: number;
}

export const NO_LINKS: LinkCounts = { evidence: 0, experiments: 0 };

export async function linkCountsFor(
  executor: Executor,
  projectId: string,
): Promise<Map<string, LinkCounts>> {
  const result = await executor.execute(sql`
    select x.card_id,
      count(*) filter (where c.type = 'experiment') as experiments,
      count(*) filter (where c.type not in ('hypothesis', 'experiment')) as evidence
    from (
      select first_card_id as card_id, second_card_id as other from connections
        where project_id = ${projectId}
      union all
      select second_card_id, first_card_id from connections where project_id = ${projectId}
    ) x
    join cards c on c.id = x.other and c.deleted_at is null and c.draft = false
    group by x.card_id`);
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
