/**
 * `npm run bench:replica -w @assay/bench` (issue #54): how far a streaming-replication read
 * replica — where dashboards, exports and the portal could read — runs behind the primary while
 * Assay writes. A throwaway PostgreSQL cluster (bench/cluster.ts) and a hot standby made from it
 * with pg_basebackup; the app on the primary under REPLICA_CONNECTIONS (10) connections creating
 * cards for REPLICA_SECONDS (30); meanwhile, every 250 ms, a card made through the app is looked
 * for on the replica until it is there (the lag a reader sees), and the primary's
 * pg_stat_replication is read (replay_lag, PostgreSQL's own measure).
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { CANVAS_SECTIONS } from '@assay/domain';
import { startCluster } from './cluster.ts';
import type { Seed } from './seed.ts';
import { startProcess } from './side-by-side.ts';

const SECONDS = Number(process.env.REPLICA_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.REPLICA_CONNECTIONS ?? 10);
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const cluster = await startCluster({ databases: ['assay'] });
const replica = await cluster.startReplica();
const assay = await startProcess<Seed>('assay', 'server.ts', {
  BENCH_SEED_CARDS: '1',
  BENCH_DATABASE_URL: `${cluster.url}/assay`,
});
const primary = new pg.Client({ connectionString: `${cluster.url}/assay` });
const standby = new pg.Client({ connectionString: `${replica.url}/assay` });
await primary.connect();
await standby.connect();
const headers = {
  'content-type': 'application/json',
  cookie: assay.seed.cookie,
  'x-organization-id': assay.seed.organizationId,
  'x-project-id': assay.seed.projectId,
};
const body = (title: string) =>
  JSON.stringify({
    query: 'mutation($i: JSON!) { createCard(input: $i) { id } }',
    variables: {
      i: {
        projectId: assay.seed.projectId,
        type: 'hypothesis',
        title,
        section: CANVAS_SECTIONS[2],
        draft: false,
      },
    },
  });

/** Makes a card through the app and times how long until the replica has it. */
async function probe(): Promise<number> {
  const answer = await fetch(`http://127.0.0.1:${assay.port}/api/gateway/query`, {
    method: 'POST',
    headers,
    body: body(`Probe ${Date.now()}`),
  });
  const id = ((await answer.json()) as { data: { createCard: { id: string } } }).data.createCard.id;
  const acknowledged = performance.now();
  for (;;) {
    const found = await standby.query('select 1 from cards where id = $1', [id]);
    if (found.rowCount) return performance.now() - acknowledged;
  }
}

const visible: number[] = [];
const replayLag: number[] = [];
let running = true;
const probing = (async () => {
  while (running) {
    visible.push(await probe());
    const lag = await primary.query<{ ms: number | null }>(
      'select extract(epoch from replay_lag) * 1000 as ms from pg_stat_replication',
    );
    const ms = lag.rows[0]?.ms;
    if (ms !== null && ms !== undefined) replayLag.push(Number(ms));
    await new Promise((r) => setTimeout(r, 250));
  }
})();

try {
  console.log(`load average before: ${load()}`);
  // Idle first: the replica's lag with nothing else writing.
  const idleUntil = Date.now() + 5000;
  while (Date.now() < idleUntil) await new Promise((r) => setTimeout(r, 100));
  const idle = visible.splice(0);
  replayLag.splice(0);
  const result = await autocannon({
    url: `http://127.0.0.1:${assay.port}/api/gateway/query`,
    method: 'POST',
    headers,
    body: body('Load test hypothesis: clinics will pay to fill cancelled slots'),
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  running = false;
  await probing;
  const q = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  };
  const f = (values: number[]) =>
    `p50 ${q(values, 50).toFixed(1)} ms, p95 ${q(values, 95).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms (${values.length} samples)`;
  console.log(
    `replica lag — idle: a card made through the app is on the replica ${f(idle)}\n` +
      `under ${CONNECTIONS} connections creating cards (${(result.requests.total / SECONDS).toFixed(0)} a second, ${result.non2xx} refused) for ${SECONDS} s:\n` +
      `  a card on the replica after its answer: ${f(visible)}\n` +
      `  pg_stat_replication.replay_lag: ${f(replayLag)}\n` +
      `load average after: ${load()}`,
  );
} finally {
  running = false;
  await primary.end();
  await standby.end();
  await assay.stop();
  replica.stop();
  cluster.stop();
}
