/**
 * Reads side by side (issue #28): a board of 1,000 published cards (BENCH_CARDS, e.g. "1000,5000")
 * read through the gateway (the web app's own canvas query), through the REST route, and from the
 * raw baseline (one SELECT of the same number of rows, plain JSON), at 10 connections,
 * alternated, medians of three rounds; on in-memory PGlite, then on a throwaway PostgreSQL cluster.
 *
 *   npm run bench:reads
 *   BENCH_CARDS=1000,5000 BENCH_DATABASES=pg npm run bench:reads
 */
import { CANVAS_SECTIONS } from '@assay/domain';
import { startCluster } from './cluster.ts';
import type { Seed } from './seed.ts';
import { fmt, sideBySide, startProcess, type Measured } from './side-by-side.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const databases = (process.env.BENCH_DATABASES ?? 'pglite,pg').split(',');
const sizes = (process.env.BENCH_CARDS ?? '1000').split(',').map(Number);

const PROJECT = `project { id name prioritization
  settings { membership private academicPrivate experiments businessHypotheses productHypotheses publicPortal projectOverview timeline productStatus productTheme dashboardTabOrder productScores }
  canvas { type templateId locked sections { key name defaultName lens hidden } }
  customFields { id title type disabled global defaultKey specifications { options } metrics { min max } }
  abilities { manage migrate createCards createEvidence } }`;
const BOARD_CARD =
  'id title draft version tags viewed section rank businessStatus result risky productStatus canEdit confidence { score state confirming disconfirming evidence people } links { evidence experiments }';
const CANVAS = `query Canvas($projectId: ID!, $filters: JSON) { canvas(projectId: $projectId, filters: $filters) { ${PROJECT} cards { ${BOARD_CARD} } } }`;

const line = (m: Measured) =>
  `${fmt(m.requestsPerSecond)} req/s, ${fmt(m.cpuPerRequest, 2)} ms CPU, ${fmt(m.bytesPerAnswer / 1024)} KB, p99 ${m.p99} ms`;

async function reads(database: string, url: string | null, cards: number) {
  const assay = await startProcess<Seed>('assay', 'server.ts', {
    BENCH_SEED_CARDS: String(cards),
    ...(url ? { BENCH_DATABASE_URL: `${url}/assay` } : {}),
  });
  const raw = await startProcess<object>('raw', 'raw-server.ts', {
    ...(url ? { RAW_DATABASE_URL: `${url}/raw` } : {}),
  });
  try {
    const { projectId, cookie, organizationId } = assay.seed;
    const titles = Array.from(
      { length: cards },
      (_, i) =>
        `Hypothesis number ${i}: customers in segment ${i % 37} will pay for faster answers`,
    );
    const sections = titles.map((_, i) => CANVAS_SECTIONS[i % CANVAS_SECTIONS.length]!);
    await fetch(`http://127.0.0.1:${raw.port}/raw/seed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ projectId, titles, sections }),
    });
    const headers = { cookie, 'x-organization-id': organizationId };
    const [gateway, rest, baseline] = await sideBySide(
      [
        {
          target: assay,
          load: {
            path: '/api/gateway/query',
            method: 'POST',
            headers,
            body: JSON.stringify({ query: CANVAS, variables: { projectId, filters: {} } }),
          },
        },
        { target: assay, load: { path: `/api/canvas/${projectId}`, method: 'GET', headers } },
        { target: raw, load: { path: `/raw/board/${projectId}`, method: 'GET' } },
      ],
      { connections: 10, seconds, rounds },
    );
    if (!gateway || !rest || !baseline) return;
    console.log(
      `reads ${database} ${fmt(cards)} cards: gateway ${line(gateway)} | REST ${line(rest)} | raw ${line(baseline)} | ` +
        `CPU ratio (raw/assay) gateway ${fmt(baseline.cpuPerRequest / gateway.cpuPerRequest, 2)}, REST ${fmt(baseline.cpuPerRequest / rest.cpuPerRequest, 2)}`,
    );
  } finally {
    await Promise.all([assay.stop(), raw.stop()]);
  }
}

console.log(`reads: one board, 10 connections, ${seconds} s per run, ${rounds} rounds (medians)`);
for (const database of databases) {
  let cluster: Awaited<ReturnType<typeof startCluster>> | null = null;
  if (database === 'pg') {
    try {
      cluster = await startCluster();
    } catch (error) {
      console.log(`reads pg: skipped (no PostgreSQL cluster here: ${(error as Error).message})`);
      continue;
    }
  }
  try {
    for (const cards of sizes) await reads(database, cluster ? cluster.url : null, cards);
  } finally {
    cluster?.stop();
  }
}
