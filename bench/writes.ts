/**
 * Writes side by side (issue #28): card creation in Assay (the web app's `createCard` mutation —
 * policy check, card, rank, event row, version, realtime publish) against the raw baseline's one
 * INSERT … RETURNING, at 10 connections, alternated, medians of three rounds; on in-memory
 * PGlite, then on a throwaway PostgreSQL cluster (when this machine can start one).
 *
 *   npm run bench:writes                  # 10 s per run
 *   BENCH_SECONDS=20 npm run bench:writes
 *   BENCH_DATABASES=pglite npm run bench:writes
 *   BENCH_PG_STATEMENTS=1 npm run bench:writes   # and the statements that took PostgreSQL's time
 */
import { CANVAS_SECTIONS } from '@assay/domain';
import { startCluster } from './cluster.ts';
import type { Seed } from './seed.ts';
import { fmt, sideBySide, startProcess } from './side-by-side.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const databases = (process.env.BENCH_DATABASES ?? 'pglite,pg').split(',');

async function writes(database: string, url: string | null) {
  const assay = await startProcess<Seed>('assay', 'server.ts', {
    BENCH_SEED_CARDS: '1',
    ...(url ? { BENCH_DATABASE_URL: `${url}/assay` } : {}),
  });
  const raw = await startProcess<object>('raw', 'raw-server.ts', {
    ...(url ? { RAW_DATABASE_URL: `${url}/raw` } : {}),
  });
  try {
    const title = 'Load test hypothesis: students will pay for a pickup within a day';
    const [a, r] = await sideBySide(
      [
        {
          target: assay,
          load: {
            path: '/api/gateway/query',
            method: 'POST',
            // As the web app sends it: the organisation and the project it works in.
            headers: {
              cookie: assay.seed.cookie,
              'x-organization-id': assay.seed.organizationId,
              'x-project-id': assay.seed.projectId,
            },
            body: JSON.stringify({
              query:
                'mutation CreateCard($input: JSON!) { createCard(input: $input) { id version title draft unverifiedId } }',
              variables: {
                input: {
                  projectId: assay.seed.projectId,
                  type: 'hypothesis',
                  title,
                  section: CANVAS_SECTIONS[3],
                  draft: false,
                },
              },
            }),
          },
        },
        {
          target: raw,
          load: {
            path: '/raw/cards',
            method: 'POST',
            body: JSON.stringify({
              projectId: assay.seed.projectId,
              title,
              section: CANVAS_SECTIONS[3],
            }),
          },
        },
      ],
      { connections: 10, seconds, rounds },
    );
    if (!a || !r) return;
    const pgCpu = url
      ? `, PostgreSQL CPU ${fmt(a.postgresCpuPerRequest, 2)} / ${fmt(r.postgresCpuPerRequest, 2)} ms`
      : '';
    console.log(
      `writes ${database}: assay ${fmt(a.requestsPerSecond)} req/s, raw ${fmt(r.requestsPerSecond)} req/s, ` +
        `ratio ${fmt(a.requestsPerSecond / r.requestsPerSecond, 2)}, ` +
        `app CPU ${fmt(a.cpuPerRequest, 2)} ms/create (raw ${fmt(r.cpuPerRequest, 2)})${pgCpu}, ` +
        `p99 ${a.p99} / ${r.p99} ms, peak RSS ${fmt(a.peakRss)} / ${fmt(r.peakRss)} MiB`,
    );
  } finally {
    await Promise.all([assay.stop(), raw.stop()]);
  }
}

console.log(
  `writes: card create, 10 connections, ${seconds} s per run, ${rounds} rounds (medians)`,
);
for (const database of databases) {
  if (database === 'pglite') await writes('pglite', null);
  else {
    let cluster: Awaited<ReturnType<typeof startCluster>> | null = null;
    try {
      cluster = await startCluster();
    } catch (error) {
      console.log(`writes pg: skipped (no PostgreSQL cluster here: ${(error as Error).message})`);
      continue;
    }
    try {
      await writes('pg', cluster.url);
    } finally {
      cluster.stop();
    }
  }
}
