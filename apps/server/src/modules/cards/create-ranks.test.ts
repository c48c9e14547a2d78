import { sql, TransactionRollbackError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rankBetween } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import { createCardAs, createProjectIn } from '../../../test/cards.ts';
import { ownerWithOrganization } from '../../../test/organization.ts';

const built = await buildTestApp();
const db = built.services.database.db;

async function rankAfter(rank: string | null): Promise<string> {
  const result = await db.execute(sql`select assay_rank_after(${rank}) as rank`);
  return (result as unknown as { rows: { rank: string }[] }).rows[0]!.rank;
}

describe('the rank at the end of a section', () => {
  it('is computed in SQL exactly as the app computes it', async () => {
    // Walk from the first rank through carries of one, two and three digits, and across heads.
    const starts = [null, 'a0', 'az', 'azz', 'b0z', 'bzz', 'Zz', 'Yzz', 'a0V', 'bzzV', 'Xzzz'];
    const checked: string[] = [];
    for (const start of starts) {
      let rank = start;
      for (let step = 0; step < 70; step++) {
        const expected = rankBetween(rank, null);
        expect(await rankAfter(rank)).toBe(expected);
        checked.push(expected);
        rank = expected;
      }
    }
    expect(checked.length).toBe(starts.length * 70);
  });

  it('refuses what is not a rank, with the database’s error rather than a wrong rank', async () => {
    await expect(rankAfter('!x')).rejects.toThrow();
    await expect(rankAfter('c0')).rejects.toThrow();
  });

  it('gives 40 cards created at once in one section 40 distinct ranks', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug);
    const made = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        createCardAs(owner.agent, org.slug, {
          projectId,
          section: 'channels',
          title: `Students pick up parcels at the library, case ${i + 1}`,
          draft: false,
        }),
      ),
    );
    expect(made.map((m) => m.error).filter(Boolean)).toEqual([]);
    const result = await db.execute(sql`
      select h.canvas_rank as rank from hypotheses h
      where h.project_id = ${projectId} and h.canvas_section = 'channels'
      order by h.canvas_rank`);
    const rows = (result as unknown as { rows: { rank: string }[] }).rows;
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((r) => r.rank)).size).toBe(40);
  });

  it('reads only the section’s last rank, whatever the statistics say of the table', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug);
    // Statistics that call the table nearly empty (a new install, or cards made faster than
    // autovacuum analyses), rank calls enough for PostgreSQL to keep a plan, then a section of
    // 3,000 cards: each call still reads about one row, not the whole section.
    let read = Number.NaN;
    await db
      .transaction(async (tx) => {
        const rows = async (query: ReturnType<typeof sql>) =>
          ((await tx.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
        const rank = async () =>
          (await rows(sql`select assay_append_canvas_rank(${projectId}, 'channels') as rank`))[0]!
            .rank;
        const rowsRead = async () =>
          Number(
            (
              await rows(
                sql`select pg_stat_get_xact_tuples_returned('hypotheses_canvas_rank_idx'::regclass)
                  + pg_stat_get_xact_tuples_returned('hypotheses'::regclass) as n`,
              )
            )[0]!.n,
          );
        await rows(
          sql`update pg_class set reltuples = 1, relpages = 1 where oid = 'hypotheses'::regclass`,
        );
        for (let call = 0; call < 10; call++) expect(await rank()).toBe('a0');
        await rows(sql`
          with c as (
            insert into cards (organization_id, project_id, type, title, draft)
            select organization_id, id, 'hypothesis', 'Case ' || i, false
            from projects, generate_series(1, 3000) i where id = ${projectId}
            returning id, project_id, title
          )
          insert into hypotheses (card_id, project_id, canvas_section, canvas_rank)
          select id, project_id, 'channels', 'a0' || lpad(substr(title, 6), 4, '0') || 'V' from c`);
        const before = await rowsRead();
        for (let call = 0; call < 10; call++)
          expect(await rank()).toBe(rankBetween('a03000V', null));
        read = (await rowsRead()) - before;
        // Leave the table and its statistics as they were.
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThanOrEqual(20);
  });
});
