import { sql } from 'drizzle-orm';
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
});
