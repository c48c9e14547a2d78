/**
 * The connections benchmark (issue #7): a project of 1,000 published cards (600 hypotheses,
 * 300 evidence posts, 100 experiments) with 3,000 rated connections. Measures connect + disconnect
 * throughput (each worker its own free pair, connect then disconnect, in a loop) and the dashboard
 * query (every field the dashboard screen asks for) at 1 and 10 connections, with p50/p99. On
 * PGlite by default, on PostgreSQL when BENCH_DATABASE_URL is set.
 *
 *   npm run bench:connections -w @assay/bench
 *   BENCH_SECONDS=10 BENCH_DATABASE_URL=postgres://… npm run bench:connections -w @assay/bench
 */
import autocannon from 'autocannon';
import { startBenchServer } from './spawn.ts';
import type { ConnectionSeed } from './seed-connections.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const cards = Number(process.env.BENCH_CARDS ?? 1000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 3000);
const workers = Number(process.env.BENCH_WORKERS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3191);
const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const started = Date.now();
const { seed, stop } = await startBenchServer<ConnectionSeed>({
  BENCH_SEED_KIND: 'connections',
  BENCH_SEED_CARDS: String(cards),
  BENCH_SEED_CONNECTIONS: String(connections),
  BENCH_PORT: String(port),
});
const base = `http://127.0.0.1:${port}`;
const headers = {
  'content-type': 'application/json',
  cookie: seed.cookie,
  'x-organization-id': seed.organizationId,
};

const HYPOTHESIS = 'id title result businessStatus risky hypothesisType path';
const EXPERIMENT = 'id title path timing dueDate success evidenceCount phase { phase phaseReady }';
const DASHBOARD = `query Dashboard($p: ID!) { dashboard(projectId: $p) {
  project { id name status } abilities { edit openWorkspace } tabOrder
  statements { description whoFor problemStatement solutionStatement whyNot whyNow }
  market { target served total notes analysis links } investment { total toDate notes }
  counts { hypotheses validated invalidated risky inTesting experiments activeExperiments
    completeExperiments generative evaluative evidence phases { plan test analyze complete } }
  evidenceByWeek { week count }
  hypotheses { ${HYPOTHESIS} } riskyHypotheses { ${HYPOTHESIS} }
  activeExperiments { ${EXPERIMENT} } completeExperiments { ${EXPERIMENT} } } }`;

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Each worker connects its own pair, then disconnects it, until the time is up. */
async function connectDisconnect(duration: number) {
  const connect: number[] = [];
  const disconnect: number[] = [];
  const end = Date.now() + duration * 1000;
  const pairs = seed.freePairs.slice(0, workers);
  if (pairs.length < workers) throw new Error(`only ${pairs.length} free pairs`);
  await Promise.all(
    pairs.map(async ([a, b], i) => {
      while (Date.now() < end) {
        let t = performance.now();
        const made = await fetch(`${base}/api/canvas/cards/${a}/connections`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ cardId: b, rating: (i % 5) - 2 }),
        });
        if (!made.ok) throw new Error(`connect ${made.status}: ${await made.text()}`);
        const id = ((await made.json()) as { connection: { id: string } }).connection.id;
        connect.push(performance.now() - t);
        t = performance.now();
        const gone = await fetch(`${base}/api/canvas/cards/${a}/connections/${id}`, {
          method: 'DELETE',
          headers: { cookie: seed.cookie, 'x-organization-id': seed.organizationId },
        });
        if (!gone.ok) throw new Error(`disconnect ${gone.status}: ${await gone.text()}`);
        await gone.arrayBuffer();
        disconnect.push(performance.now() - t);
      }
    }),
  );
  connect.sort((x, y) => x - y);
  disconnect.sort((x, y) => x - y);
  return { connect, disconnect };
}

async function load(body: string, conns: number, duration: number) {
  const result = await autocannon({
    url: `${base}/api/gateway/query`,
    method: 'POST',
    body,
    headers,
    connections: conns,
    duration,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`dashboard: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result;
}

try {
  const body = JSON.stringify({ query: DASHBOARD, variables: { p: seed.projectId } });
  const check = await fetch(`${base}/api/gateway/query`, { method: 'POST', headers, body });
  const text = await check.text();
  const answer = JSON.parse(text) as {
    data?: { dashboard: { counts: { hypotheses: number; evidence: number; experiments: number } } };
    errors?: unknown;
  };
  if (!answer.data) throw new Error(`dashboard check failed: ${JSON.stringify(answer.errors)}`);
  console.log(
    `${database}: ${cards} cards (${JSON.stringify(answer.data.dashboard.counts)}), ${connections} connections, seeded in ${((Date.now() - started) / 1000).toFixed(0)} s; dashboard answer ${(text.length / 1024).toFixed(0)} KB; ${seconds} s per run`,
  );
  await connectDisconnect(3);
  const run = await connectDisconnect(seconds);
  const pairsPerSecond = run.disconnect.length / seconds;
  console.log(
    `connect+disconnect ${workers} workers  ${pairsPerSecond.toFixed(0)} pairs/s (${(pairsPerSecond * 2).toFixed(0)} writes/s)  connect p50 ${percentile(run.connect, 50).toFixed(1)} ms p99 ${percentile(run.connect, 99).toFixed(1)} ms  disconnect p50 ${percentile(run.disconnect, 50).toFixed(1)} ms p99 ${percentile(run.disconnect, 99).toFixed(1)} ms`,
  );
  await load(body, 1, 3);
  const one = await load(body, 1, seconds);
  console.log(
    `dashboard  1 conn  ${one.requests.average.toFixed(0).padStart(5)} req/s  p50 ${one.latency.p50} ms  p99 ${one.latency.p99} ms`,
  );
  const ten = await load(body, 10, seconds);
  console.log(
    `dashboard 10 conn  ${ten.requests.average.toFixed(0).padStart(5)} req/s  p50 ${ten.latency.p50} ms  p99 ${ten.latency.p99} ms`,
  );
} finally {
  await stop();
}
