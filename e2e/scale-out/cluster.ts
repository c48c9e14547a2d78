/**
 * The scale-out set-up for the e2e test: a throwaway PostgreSQL cluster, two app instances on it
 * and Debian's nginx in front (round-robin, websockets proxied), all on loopback ports.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  chownSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
export const METRICS_TOKEN = 'scale-out-metrics-token-01';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function postgresBin(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort();
  const latest = versions.at(-1);
  if (!latest) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');
  return `/usr/lib/postgresql/${latest}/bin`;
}

/** Runs a PostgreSQL tool, as the postgres user when we are root (initdb refuses root). */
function asPostgres(tool: string, args: string[]) {
  const bin = path.join(postgresBin(), tool);
  if (process.getuid?.() === 0) execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args]);
  else execFileSync(bin, args);
}

async function waitFor(url: string, child: ChildProcess, log: () => string) {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited early:\n${log()}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() - started > 90_000) throw new Error(`not up after 90 s:\n${log()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export interface Instance {
  port: number;
  child: ChildProcess;
  log: () => string;
}

export interface Cluster {
  /** The address browsers use: nginx in front of both instances. */
  url: string;
  databaseUrl: string;
  instances: Instance[];
  stop(): Promise<void>;
}

export async function startCluster(): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'assay-scale-out-'));
  const children: ChildProcess[] = [];
  let pgStarted = false;
  const stop = async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(
      children.map((c) =>
        c.exitCode === null ? new Promise((r) => c.once('exit', r)) : Promise.resolve(),
      ),
    );
    if (pgStarted) asPostgres('pg_ctl', ['-D', `${dir}/db`, '-m', 'fast', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (process.getuid?.() === 0)
      chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), 0);
    const pgPort = await freePort();
    asPostgres('initdb', ['-D', `${dir}/db`, '-A', 'trust', '-U', 'postgres']);
    asPostgres('pg_ctl', [
      '-D',
      `${dir}/db`,
      '-w',
      '-l',
      `${dir}/pg.log`,
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${pgPort} -k ${dir} -c fsync=off`,
      'start',
    ]);
    pgStarted = true;
    const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;

    const port = await freePort();
    const instancePorts = [await freePort(), await freePort()];
    const instances = instancePorts.map((instancePort) => {
      let log = '';
      const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
        cwd: repo,
        env: {
          PATH: process.env.PATH ?? '',
          HOST: '127.0.0.1',
          PORT: String(instancePort),
          APP_DOMAIN: `localhost:${port}`,
          DATABASE_URL: databaseUrl,
          APP_SECRET: 'scale-out-secret-0123456789abcdef0123456789',
          TRUST_PROXY: '127.0.0.1',
          METRICS_TOKEN,
          LOG_LEVEL: 'warn',
          LICENSE_KEYS: 'E2ESCALE:business',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (c: Buffer) => (log += c.toString()));
      child.stderr?.on('data', (c: Buffer) => (log += c.toString()));
      children.push(child);
      return { port: instancePort, child, log: () => log };
    });
    // Both migrate the same database at once on start: the migrator must cope.
    await Promise.all(
      instances.map((i) => waitFor(`http://127.0.0.1:${i.port}/api/health/ready`, i.child, i.log)),
    );

    const nginxDir = path.join(dir, 'nginx');
    mkdirSync(nginxDir);
    const config = readFileSync(path.join(here, 'nginx.conf.template'), 'utf8')
      .replaceAll('{{dir}}', nginxDir)
      .replaceAll('{{port}}', String(port))
      .replaceAll('{{portA}}', String(instancePorts[0]))
      .replaceAll('{{portB}}', String(instancePorts[1]));
    writeFileSync(path.join(nginxDir, 'nginx.conf'), config);
    let nginxLog = '';
    const nginx = spawn(
      '/usr/sbin/nginx',
      ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf')],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    nginx.stderr?.on('data', (c: Buffer) => (nginxLog += c.toString()));
    children.push(nginx);
    await waitFor(`http://127.0.0.1:${port}/api/health`, nginx, () => nginxLog);
    return { url: `http://app.localhost:${port}`, databaseUrl, instances, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Reads one metric's samples from an instance's /metrics (only those with `label` if given). */
export async function metricValues(
  instance: Instance,
  name: string,
  label?: string,
): Promise<number[]> {
  const response = await fetch(`http://127.0.0.1:${instance.port}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await response.text();
  return text
    .split('\n')
    .filter(
      (line) => line.startsWith(name) && (line[name.length] === ' ' || line[name.length] === '{'),
    )
    .filter((line) => !label || line.includes(label))
    .map((line) => Number(line.split(' ').at(-1)));
}
