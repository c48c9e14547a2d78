/**
 * Why a write's `pg_notify` is not in the write's own statement (issue #53): PostgreSQL takes a
 * cluster-wide lock for every transaction that notifies and holds it until after the commit's WAL
 * flush (async.c, PreCommit_Notify), so notifying transactions commit one at a time. This compares,
 * on a throwaway cluster with durable commits (fsync and synchronous_commit on, as in production),
 * 10 connections inserting rows:
 *
 *   apart     each insert its own statement; the notifications sent as Assay's bus sends them,
 *             batched (one `select pg_notify(…), …` for the inserts that finished meanwhile)
 *   in-write  each insert with its `pg_notify` in the same statement (a CTE)
 *
 * alternated, three rounds, inserts a second and the ratio.
 *
 *   npm run -w @assay/bench bench:notify-commit
 *   BENCH_DURABLE=0 …   # fsync off, as the other benchmarks' clusters run
 */
import pg from 'pg';
import { startCluster } from './cluster.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
const PAYLOAD = JSON.stringify({ c: 'p00000000-0000-0000-0000-000000000000', m: { event: 'x' } });

const durable = process.env.BENCH_DURABLE !== '0';
const cluster = await startCluster({
  settings: durable ? '-c fsync=on -c synchronous_commit=on' : '-c synchronous_commit=on',
});
const pool = new pg.Pool({ connectionString: `${cluster.url}/postgres`, max: CONNECTIONS + 1 });
try {
  await pool.query('create table rows (id bigserial primary key, title text not null)');

  async function run(mode: 'apart' | 'in-write'): Promise<number> {
    let done = 0;
    let pending = 0;
    let sending: Promise<void> | null = null;
    // The bus's way: whatever finished while the last batch was in flight goes out together.
    const flush = async () => {
      while (pending > 0) {
        const count = Math.min(pending, 50);
        pending -= count;
        const calls = Array.from({ length: count }, () => `pg_notify('assay_bench', $1)`);
        await pool.query(`select ${calls.join(', ')}`, [PAYLOAD]);
      }
      sending = null;
    };
    const end = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < end) {
          if (mode === 'in-write') {
            await pool.query(
              `with r as (insert into rows (title) values ($1) returning id)
               select pg_notify('assay_bench', $2) from r`,
              ['a hypothesis', PAYLOAD],
            );
          } else {
            await pool.query('insert into rows (title) values ($1)', ['a hypothesis']);
            pending += 1;
            sending ??= flush();
          }
          done += 1;
        }
      }),
    );
    await sending;
    return done / seconds;
  }

  console.log(
    `notify-commit: ${CONNECTIONS} connections, ${seconds} s per run, ${rounds} rounds, fsync ${durable ? 'on' : 'off'}`,
  );
  for (let round = 1; round <= rounds; round += 1) {
    const apart = await run('apart');
    const inWrite = await run('in-write');
    console.log(
      `round ${round}: apart ${Math.round(apart)} inserts/s, in-write ${Math.round(inWrite)} inserts/s, in-write/apart ${(inWrite / apart).toFixed(2)}`,
    );
  }
} finally {
  await pool.end();
  cluster.stop();
}
