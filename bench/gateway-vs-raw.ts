/**
 * Gateway vs raw route: the same trivial answer through POST /api/gateway/query and through a raw
 * Fastify JSON route, each under the same load (autocannon, loopback, 50 connections, 30 s by
 * default). The server runs in its own process so the load generator does not share its core.
 * Prints requests/s and p99 latency for both and their ratio.
 *
 *   npm run bench                       # 30 s each
 *   BENCH_SECONDS=10 npm run bench      # shorter
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const server = spawn(
  process.execPath,
  ['--import', 'tsx', new URL('./server.ts', import.meta.url).pathname],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  },
);
const port = await new Promise<number>((resolve, reject) => {
  let buffer = '';
  server.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const match = /PORT=(\d+)/.exec(buffer);
    if (match) resolve(Number(match[1]));
  });
  server.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});

async function load(path: string, duration: number) {
  return autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    method: 'POST',
    body: JSON.stringify({ query: '{ appVersion }' }),
    headers: { 'content-type': 'application/json' },
    connections,
    duration,
  });
}

async function run(title: string, path: string) {
  await load(path, 3); // warm-up: JIT compilation and caches
  const result = await load(path, seconds);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${title}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  const rps = result.requests.average;
  const p99 = result.latency.p99;
  console.log(`${title.padEnd(8)} ${rps.toFixed(0).padStart(7)} req/s   p99 ${p99} ms`);
  return { rps, p99 };
}

try {
  console.log(`${connections} connections, ${seconds} s each, loopback`);
  const raw = await run('raw', '/bench/raw');
  const gateway = await run('gateway', '/api/gateway/query');
  console.log(`ratio    ${(gateway.rps / raw.rps).toFixed(2)}x (target >= 0.75x)`);
} finally {
  server.kill('SIGTERM');
  await once(server, 'exit');
}
