/**
 * Side-by-side measuring (issue #28): start Assay's bench server and the raw baseline as their own
 * processes, load them one after the other in alternating order, and read what each spent — its
 * own CPU (from /proc), PostgreSQL's CPU (every `postgres` process of the machine's throwaway
 * cluster), its peak RSS. Ratios are what count on a shared, noisy machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const TICK_MS = 10; // USER_HZ is 100 on Linux.

export interface Started<T> {
  name: string;
  pid: number;
  port: number;
  seed: T;
  stop(): Promise<void>;
}

/** The Node flags `npm start -w @assay/server` gives the server (V8's heap sizes; decision 020). */
export function serverStartFlags(): string[] {
  const server = JSON.parse(
    readFileSync(new URL('../apps/server/package.json', import.meta.url), 'utf8'),
  ) as { scripts: { start: string } };
  const words = server.scripts.start.split(' ');
  return words.slice(words.indexOf('node') + 1, words.indexOf('src/main.ts'));
}

/** Node's compile cache, as `npm start` and the image run the server (decision 020). */
export const COMPILE_CACHE = fileURLToPath(
  new URL('../node_modules/.cache/node-compile', import.meta.url),
);
const warmed = new Map<string, Promise<void>>();

/**
 * Fills the compile cache with every module the servers load, as the image does at build time:
 * a server started from a cold cache would load Node's TypeScript stripper (~17 MiB it keeps).
 * Node keeps one cache per set of V8 flags: the warm-up runs with the server's.
 */
export function warmCompileCache(flags: string[]) {
  const files = [
    'server.ts',
    'raw-server.ts',
    ...readdirSync(fileURLToPath(new URL('.', import.meta.url))).filter((f) =>
      /^seed.*\.ts$/.test(f),
    ),
  ].map((f) => fileURLToPath(new URL(f, import.meta.url)));
  const key = flags.join(' ');
  const warming =
    warmed.get(key) ??
    (async () => {
      const child = spawn(
        process.execPath,
        [
          ...flags,
          fileURLToPath(new URL('../apps/server/scripts/warm-compile-cache.ts', import.meta.url)),
          ...files,
        ],
        {
          stdio: ['ignore', 'ignore', 'inherit'],
          env: { ...process.env, NODE_COMPILE_CACHE: COMPILE_CACHE },
        },
      );
      const [code] = (await once(child, 'exit')) as [number | null];
      if (code !== 0) throw new Error(`warm-compile-cache exited with ${code}`);
    })();
  warmed.set(key, warming);
  return warming;
}

export async function startProcess<T>(
  name: string,
  script: string,
  env: Record<string, string>,
): Promise<Started<T>> {
  // Assay's server gets the Node flags `npm start` gives it, or BENCH_NODE_FLAGS (V8's heap
  // settings to compare, say; empty for V8's defaults); the raw baseline never any.
  const flags =
    script === 'server.ts'
      ? (process.env.BENCH_NODE_FLAGS ?? serverStartFlags().join(' ')).split(' ').filter(Boolean)
      : [];
  await warmCompileCache(flags);
  const child: ChildProcess = spawn(
    process.execPath,
    [...flags, new URL(script, import.meta.url).pathname],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, NODE_COMPILE_CACHE: COMPILE_CACHE, ...env },
    },
  );
  const { port, seed } = await new Promise<{ port: number; seed: T }>((resolve, reject) => {
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const port = /PORT=(\d+)\n/.exec(buffer)?.[1];
      const seed = /SEED=(.+)\n/.exec(buffer)?.[1];
      if (port && seed) resolve({ port: Number(port), seed: JSON.parse(seed) as T });
    });
    child.on('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
  return {
    name,
    pid: child.pid ?? 0,
    port,
    seed,
    async stop() {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

function statOf(pid: number | string): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: fields start after it.
    return [
      text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')),
      ...text.slice(text.lastIndexOf(')') + 2).split(' '),
    ];
  } catch {
    return null;
  }
}

/** CPU (user + system) a process has spent, in ms. */
export function cpuMs(pid: number): number {
  const fields = statOf(pid);
  // After the name: state is [1], utime [12], stime [13].
  return fields ? (Number(fields[12]) + Number(fields[13])) * TICK_MS : 0;
}

/** CPU every PostgreSQL server process has spent, in ms (0 without a cluster). */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statOf(entry);
    if (fields?.[0] === 'postgres') total += (Number(fields[12]) + Number(fields[13])) * TICK_MS;
  }
  return total;
}

export function rssMiB(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

export interface Load {
  path: string;
  method: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}

export interface Measured {
  requestsPerSecond: number;
  p99: number;
  cpuPerRequest: number;
  postgresCpuPerRequest: number;
  peakRss: number;
  bytesPerAnswer: number;
}

/** One timed load on one process: its rate, its CPU per request, its peak RSS. */
export async function measure(
  target: Started<unknown>,
  load: Load,
  connections: number,
  seconds: number,
): Promise<Measured> {
  const cpuBefore = cpuMs(target.pid);
  const postgresBefore = postgresCpuMs();
  let peakRss = rssMiB(target.pid);
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMiB(target.pid));
  }, 250);
  try {
    const result = await autocannon({
      url: `http://127.0.0.1:${target.port}${load.path}`,
      method: load.method,
      ...(load.body ? { body: load.body } : {}),
      headers: { 'content-type': 'application/json', ...load.headers },
      connections,
      duration: seconds,
    });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(
        `${target.name} ${load.path}: ${result.non2xx} non-2xx, ${result.errors} errors`,
      );
    const requests = result.requests.total || 1;
    return {
      requestsPerSecond: result.requests.total / seconds,
      p99: result.latency.p99,
      cpuPerRequest: (cpuMs(target.pid) - cpuBefore) / requests,
      postgresCpuPerRequest: (postgresCpuMs() - postgresBefore) / requests,
      peakRss,
      bytesPerAnswer: result.throughput.total / requests,
    };
  } finally {
    clearInterval(sampler);
  }
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Rounds of the same load on each target, alternating which goes first; medians per target. */
export async function sideBySide(
  targets: Array<{ target: Started<unknown>; load: Load }>,
  options: { connections: number; seconds: number; rounds: number },
): Promise<Measured[]> {
  const runs: Measured[][] = targets.map(() => []);
  for (const { target, load } of targets) await measure(target, load, options.connections, 2);
  for (let round = 0; round < options.rounds; round += 1) {
    const order = targets.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const { target, load } = targets[i]!;
      runs[i]!.push(await measure(target, load, options.connections, options.seconds));
    }
  }
  return runs.map((list) => ({
    requestsPerSecond: median(list.map((m) => m.requestsPerSecond)),
    p99: median(list.map((m) => m.p99)),
    cpuPerRequest: median(list.map((m) => m.cpuPerRequest)),
    postgresCpuPerRequest: median(list.map((m) => m.postgresCpuPerRequest)),
    peakRss: Math.max(...list.map((m) => m.peakRss)),
    bytesPerAnswer: median(list.map((m) => m.bytesPerAnswer)),
  }));
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
