/**
 * Project export (#29): a project of 1,000 published cards and 3,000 rated connections
 * (seed-connections.ts) downloaded as its zip, five times after one warm-up; prints the time to the
 * last byte, the size, and the server's RSS before and after (the export streams: it should not
 * grow with the project).
 *
 *   npm run bench:export -w @assay/bench
 */
import type { ConnectionSeed } from './seed-connections.ts';
import { startBenchServer } from './spawn.ts';

const port = Number(process.env.BENCH_PORT ?? 3194);
const { seed, stop } = await startBenchServer<ConnectionSeed>({
  BENCH_SEED_KIND: 'connections',
  BENCH_SEED_CARDS: String(process.env.BENCH_CARDS ?? 1000),
  BENCH_SEED_CONNECTIONS: String(process.env.BENCH_CONNECTIONS ?? 3000),
  BENCH_PORT: String(port),
});
const rss = async () =>
  (((await (await fetch(`http://127.0.0.1:${port}/bench/rss`)).json()) as { rss: number }).rss /
    1048576) |
  0;

try {
  const url = `http://127.0.0.1:${port}/api/proj/projects/${seed.projectId}/export/project.zip`;
  const headers = { cookie: seed.cookie, 'x-organization-id': seed.organizationId };
  const before = await rss();
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < 6; i += 1) {
    const start = performance.now();
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`export answered ${response.status}`);
    size = (await response.arrayBuffer()).byteLength;
    if (i > 0) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(
    `export of ${process.env.BENCH_CARDS ?? 1000} cards and ${process.env.BENCH_CONNECTIONS ?? 3000} connections: ` +
      `median ${Math.round(times[2]!)} ms, worst ${Math.round(times.at(-1)!)} ms (target < 5,000 ms), ` +
      `zip ${(size / 1024).toFixed(0)} KB; server RSS ${before} → ${await rss()} MiB`,
  );
} finally {
  await stop();
}
