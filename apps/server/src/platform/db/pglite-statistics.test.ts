/**
 * PGlite's planner statistics (issue #28): refreshed as autovacuum would, only for the tables that
 * changed by more than 50 rows and a tenth of the table since they were last analysed.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { refreshStatistics, scheduleStatistics } from './pglite-statistics.ts';

let pglite: PGlite;

async function lastAnalysed(table: string): Promise<Date | null> {
  const { rows } = await pglite.query<{ at: Date | null }>(
    'select last_analyze as at from pg_stat_user_tables where relname = $1',
    [table],
  );
  return rows[0]?.at ?? null;
}

beforeAll(async () => {
  pglite = await PGlite.create();
  await pglite.exec(`
    create table big (id serial primary key, x text);
    create table small (id serial primary key, x text);
    create table "Odd name" (id int);
    insert into big (x) select 'a' from generate_series(1, 1000);
    insert into small (x) select 'a' from generate_series(1, 10);`);
});

afterAll(async () => {
  await pglite.close();
});

describe('PGlite’s planner statistics', () => {
  it('analyses only the tables that changed enough since their last analysis', async () => {
    // Never analysed: the big table's 1,000 new rows are over the threshold, the small one's 10 not.
    expect(await refreshStatistics(pglite)).toEqual(['public.big']);
    expect(await lastAnalysed('big')).toBeInstanceOf(Date);
    expect(await lastAnalysed('small')).toBeNull();
    const { rows } = await pglite.query<{ reltuples: number }>(
      "select reltuples from pg_class where relname = 'big'",
    );
    expect(rows[0]?.reltuples).toBe(1000);
    // Nothing changed: nothing is analysed (nor the system catalogues).
    expect(await refreshStatistics(pglite)).toEqual([]);
    // 150 changes on 1,000 rows are not more than 50 + 100; 151 are.
    await pglite.exec("update big set x = 'b' where id <= 150");
    expect(await refreshStatistics(pglite)).toEqual([]);
    await pglite.exec("update big set x = 'c' where id = 151");
    expect(await refreshStatistics(pglite)).toEqual(['public.big']);
    // A name that needs quoting is analysed by its name.
    await pglite.exec('insert into "Odd name" select generate_series(1, 60)');
    expect(await refreshStatistics(pglite)).toEqual(['public."Odd name"']);
    expect(await lastAnalysed('Odd name')).toBeInstanceOf(Date);
  });

  it('refreshes them on its schedule until stopped', async () => {
    await pglite.exec("insert into small (x) select 'a' from generate_series(1, 100)");
    const stop = scheduleStatistics(pglite, 10);
    await vi.waitFor(async () => expect(await lastAnalysed('small')).toBeInstanceOf(Date), {
      timeout: 10_000,
    });
    stop();
    const before = await lastAnalysed('big');
    await pglite.exec("update big set x = 'd'");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await lastAnalysed('big')).toEqual(before);
  });
});
