/**
 * SOAK_PG_STATEMENTS=1: where the database's time goes as a soak runs — pg_stat_statements read
 * at every window's end, and for the statements that took the most time, their mean per call in
 * each window; the CPU of PostgreSQL and of the load generator per window; and at the end how
 * many rows the tables that grow hold.
 */
import pg from 'pg';
import { postgresCpuMs } from './side-by-side.ts';

export const STATEMENT_SETTINGS =
  '-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=top';

interface Snapshot {
  at: number;
  postgresCpuMs: number;
  generatorCpuMs: number;
  statements: Map<string, { calls: number; ms: number; query: string }>;
}

export function statementWatch(databaseUrl: string) {
  const snapshots: Snapshot[] = [];
  const read = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    try {
      await client.connect();
      const { rows } = await client.query<{
        queryid: string;
        calls: string;
        ms: number;
        query: string;
      }>(
        `select queryid::text, calls::text, total_exec_time as ms,
                left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as query
           from pg_stat_statements`,
      );
      const usage = process.cpuUsage();
      snapshots.push({
        at: Date.now(),
        postgresCpuMs: postgresCpuMs(),
        generatorCpuMs: (usage.user + usage.system) / 1000,
        statements: new Map(
          rows.map((r) => [r.queryid, { calls: Number(r.calls), ms: r.ms, query: r.query }]),
        ),
      });
    } catch {
      // PostgreSQL restarting: this window has no reading.
    } finally {
      await client.end().catch(() => {});
    }
  };
  return {
    async start() {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query('create extension if not exists pg_stat_statements');
      await client.query('select pg_stat_statements_reset()');
      await client.end();
      await read();
    },
    read,
    /** The report: per window, PostgreSQL's and the generator's CPU a second, and the top statements. */
    async report(tables: string[]): Promise<string> {
      const lines: string[] = [
        '\nwhere the database’s time went, per window (SOAK_PG_STATEMENTS):',
      ];
      const pairs = snapshots.slice(1).map((s, i) => [snapshots[i]!, s] as const);
      lines.push(
        'window   PostgreSQL CPU ms/s   load generator CPU ms/s',
        ...pairs.map(
          ([a, b], i) =>
            `${String(i + 1).padEnd(8)} ${((b.postgresCpuMs - a.postgresCpuMs) / ((b.at - a.at) / 1000)).toFixed(0).padStart(19)} ${((b.generatorCpuMs - a.generatorCpuMs) / ((b.at - a.at) / 1000)).toFixed(0).padStart(25)}`,
        ),
      );
      // Deltas per window (a restart resets nothing that pg_stat_statements saved on shutdown;
      // a negative delta means it was reset, and that window is left out).
      const delta = (a: Snapshot, b: Snapshot, id: string) => {
        const x = b.statements.get(id);
        const y = a.statements.get(id) ?? { calls: 0, ms: 0 };
        if (!x || x.calls < y.calls) return null;
        return { calls: x.calls - y.calls, ms: x.ms - y.ms };
      };
      const first = snapshots[0];
      const last = snapshots.at(-1);
      if (first && last) {
        const top = [...last.statements.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12);
        lines.push(
          '\nmean ms a call per window (calls), the 12 statements that took the most time:',
        );
        for (const [id, s] of top) {
          const cells = pairs.map(([a, b]) => {
            const d = delta(a, b, id);
            return d && d.calls ? `${(d.ms / d.calls).toFixed(2)} (${d.calls})` : '–';
          });
          lines.push(`  ${s.query}\n    ${cells.join(' | ')}`);
        }
      }
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const counts: string[] = [];
      for (const table of tables) {
        const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${table}`);
        counts.push(`${table} ${Number(rows[0]!.n).toLocaleString('en')}`);
      }
      await client.end();
      lines.push(`\nrows at the end: ${counts.join(', ')}`);
      return lines.join('\n');
    },
  };
}
