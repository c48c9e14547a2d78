/**
 * How the server starts (issue #51): the same sources run three ways, alternated round by round —
 *   tsx     `node --import tsx apps/server/src/main.ts` (decision 005, before Node 24),
 *   strip   `node apps/server/src/main.ts`, Node 24 stripping the types itself,
 *   strip+cache  the same with Node's compile cache (NODE_COMPILE_CACHE), as the image runs it,
 *   bundle  one esbuild bundle of the server and the domain, its packages left to node_modules —
 * each on PGlite and on PostgreSQL, a first start (empty data: every migration runs) and a later
 * start (the same data again). Measured: wall time from spawn to the first 200 of /api/health,
 * the CPU time by then, and RSS (VmRSS) then, 8 s later and at its peak (VmHWM), each summed over
 * the process and its children (tsx's esbuild runs as one).
 *
 *   npm run bench:start -w @assay/bench      (BENCH_ROUNDS=5)
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import pg from 'pg';
import { startCluster } from './cluster.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TICKS = 100; // clock ticks per second (/proc/<pid>/stat)
const SETTLE_MS = 8000;

/**
 * Bundles the server. Each file keeps its own `import.meta.url` (written in as its source path),
 * so the schemas, migrations, worker entries and fonts it finds beside itself are found as before.
 */
async function bundle(): Promise<string> {
  // Bare imports resolve from the bundle's folder: it sits inside the server's package.
  const outdir = path.join(REPO, 'apps/server/.bench-bundle');
  const serverPackage = JSON.parse(
    await readFile(path.join(REPO, 'apps/server/package.json'), 'utf8'),
  ) as Record<string, Record<string, string> | undefined>;
  const external = Object.keys({
    ...serverPackage.dependencies,
    ...serverPackage.optionalDependencies,
  }).filter((name) => name !== '@assay/domain');
  const ownUrl: Plugin = {
    name: 'own-import-meta-url',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => ({
        contents: (await readFile(args.path, 'utf8')).replaceAll(
          'import.meta.url',
          JSON.stringify(pathToFileURL(args.path).href),
        ),
        loader: 'ts',
      }));
    },
  };
  await build({
    entryPoints: [path.join(REPO, 'apps/server/src/main.ts')],
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // What the server loads on first use stays in chunks of its own, loaded then.
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // Packages resolve from the server's own folder, as they do for the sources.
    external: external.flatMap((name) => [name, `${name}/*`]),
    banner: {
      js: `import { createRequire as __cr } from 'node:module'; const require = __cr(${JSON.stringify(
        pathToFileURL(path.join(REPO, 'apps/server/src/main.ts')).href,
      )});`,
    },
    plugins: [ownUrl],
    logLevel: 'warning',
  });
  return path.join(outdir, 'main.mjs');
}

interface Sample {
  ms: number;
  cpuMs: number;
  rssMiB: number;
  settledMiB: number;
  peakMiB: number;
}

/** The process and its children (tsx runs esbuild as a child process). */
async function tree(pid: number): Promise<number[]> {
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  const below = await Promise.all(
    children
      .split(' ')
      .filter(Boolean)
      .map((c) => tree(Number(c))),
  );
  return [pid, ...below.flat()];
}

async function procStatus(root: number) {
  let rss = 0;
  let peak = 0;
  let cpuTicks = 0;
  for (const pid of await tree(root)) {
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    const kib = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    const stat = (await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => ''))
      .split(') ')[1]
      ?.split(' ');
    rss += kib('VmRSS') / 1024;
    peak += kib('VmHWM') / 1024;
    cpuTicks += Number(stat?.[11] ?? 0) + Number(stat?.[12] ?? 0);
  }
  return { rss, peak, cpuMs: (cpuTicks / TICKS) * 1000 };
}

async function startOnce(args: string[], env: Record<string, string>): Promise<Sample> {
  const port = 3900 + Math.floor(Math.random() * 90);
  const began = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: REPO,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_DOMAIN: `localhost:${port}`,
      APP_SECRET: 'bench-start-secret-0123456789abcdef0123456789',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const ms = performance.now() - began;
    const { rss, cpuMs } = await procStatus(child.pid ?? 0);
    // Idle for a while, as a server between requests: what it holds once the start's garbage goes.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const settled = await procStatus(child.pid ?? 0);
    return { ms, cpuMs, rssMiB: rss, settledMiB: settled.rss, peakMiB: settled.peak };
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

const bundled = await bundle();
const compileCache = await mkdtemp(path.join(tmpdir(), 'assay-compile-cache-'));
const ways: Record<string, { args: string[]; env?: Record<string, string> }> = {
  tsx: { args: ['--import', 'tsx', 'apps/server/src/main.ts'] },
  strip: { args: ['apps/server/src/main.ts'] },
  // As the image and `npm start` run it: Node's compile cache keeps the stripped sources and
  // their compiled code between starts (filled by the first start of the first round).
  'strip+cache': {
    args: ['apps/server/src/main.ts'],
    env: { NODE_COMPILE_CACHE: compileCache },
  },
  bundle: { args: [bundled] },
};
const cluster = await startCluster();
const admin = new pg.Client({ connectionString: `${cluster.url}/postgres` });
await admin.connect();
const results = new Map<string, Sample[]>();
const note = (key: string, sample: Sample) =>
  results.set(key, [...(results.get(key) ?? []), sample]);
let database = 0;
try {
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = Object.keys(ways);
    if (round % 2) order.reverse();
    for (const way of order) {
      const { args, env = {} } = ways[way] ?? { args: [] };
      const dataDir = await mkdtemp(path.join(tmpdir(), 'assay-start-'));
      note(`${way} pglite first`, await startOnce(args, { ...env, DATA_DIR: dataDir }));
      note(`${way} pglite later`, await startOnce(args, { ...env, DATA_DIR: dataDir }));
      await rm(dataDir, { recursive: true, force: true });
      const name = `start_${(database += 1)}`;
      await admin.query(`create database ${name}`);
      const url = `${cluster.url}/${name}`;
      note(`${way} postgres first`, await startOnce(args, { ...env, DATABASE_URL: url }));
      note(`${way} postgres later`, await startOnce(args, { ...env, DATABASE_URL: url }));
    }
    process.stderr.write(`round ${round + 1}/${ROUNDS} done\n`);
  }
} finally {
  await admin.end();
  cluster.stop();
  await rm(path.dirname(bundled), { recursive: true, force: true });
  await rm(compileCache, { recursive: true, force: true });
}

const load = (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');
console.log(`Node ${process.version}, ${ROUNDS} rounds alternated, load average ${load}`);
console.log(
  '| way | database | start | to /api/health (ms) | CPU by then (ms) | RSS then (MiB) | RSS 8 s later (MiB) | peak RSS (MiB) |',
);
console.log('|---|---|---|---:|---:|---:|---:|---:|');
for (const [key, samples] of results) {
  const [way, db, start] = key.split(' ');
  const cell = (pick: (s: Sample) => number) => median(samples.map(pick)).toFixed(0);
  console.log(
    `| ${way} | ${db} | ${start} | ${cell((s) => s.ms)} | ${cell((s) => s.cpuMs)} | ${cell((s) => s.rssMiB)} | ${cell((s) => s.settledMiB)} | ${cell((s) => s.peakMiB)} |`,
  );
}
