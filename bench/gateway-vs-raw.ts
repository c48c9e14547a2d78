/**
 * Gateway vs raw route: the same trivial answer through POST /api/gateway/query and through a raw
 * Fastify JSON route added to the same app, under the same load (autocannon, loopback, 50
 * connections), alternated in rounds (side-by-side.ts); the server runs in its own process so
 * the load generator does not share its core. Prints requests/s, p99 and the server's CPU per
 * request for both, medians of the rounds, and their ratios.
 *
 *   npm run bench                                  # 5 rounds of 10 s each
 *   BENCH_SECONDS=30 BENCH_ROUNDS=7 npm run bench  # longer
 *   GATEWAY_JIT=false npm run bench                # interpreted execution, for comparison
 */
import { fmt, sideBySide, startProcess } from './side-by-side.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const server = await startProcess<null>('assay', 'server.ts', {});
try {
  const body = JSON.stringify({ query: '{ appVersion }' });
  const [raw, gateway] = await sideBySide(
    [
      { target: server, load: { path: '/bench/raw', method: 'POST', body } },
      { target: server, load: { path: '/api/gateway/query', method: 'POST', body } },
    ],
    { connections, seconds, rounds },
  );
  const line = (name: string, m: typeof raw) =>
    `${name.padEnd(8)} ${fmt(m!.requestsPerSecond).padStart(7)} req/s   p99 ${m!.p99} ms   ` +
    `CPU ${fmt(m!.cpuPerRequest * 1000, 1)} µs/request`;
  console.log(`${connections} connections, ${seconds} s × ${rounds} rounds, alternated (medians)`);
  console.log(line('raw', raw));
  console.log(line('gateway', gateway));
  console.log(
    `ratio    ${(gateway!.requestsPerSecond / raw!.requestsPerSecond).toFixed(2)}x req/s, ` +
      `${(raw!.cpuPerRequest / gateway!.cpuPerRequest).toFixed(2)}x CPU (target >= 0.75x)`,
  );
} finally {
  await server.stop();
}
