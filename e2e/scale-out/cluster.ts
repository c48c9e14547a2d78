/**
 * The scale-out set-up for the e2e test: a throwaway PostgreSQL cluster, Debian's PgBouncer in
 * transaction mode in front of it, three app instances through PgBouncer (each with its direct
 * connection for LISTEN) and Debian's nginx in front of them (round-robin, websockets proxied), all
 * on loopback ports. An instance can be killed outright.
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
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPgBouncer, type Bouncer } from '../../apps/server/test/pgbouncer.ts';
import { freePort } from '../../apps/server/test/server-process.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
export const METRICS_TOKEN = 'scale-out-metrics-token-01';

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
  /** Kills the process outright (SIGKILL), as a crashed machine would go. */
  kill(): Promise<void>;
  /** Kills it (if alive) and starts it again on its port; resolves once it is ready. */
  restart(): Promise<void>;
}

export interface Cluster {
  /** The address browsers use: nginx in front of the instances. */
  url: string;
  /** The PostgreSQL server itself. */
  databaseUrl: string;
  instances: Instance[];
  /** nginx's port on 127.0.0.1. */
  port: number;
  /** Restarts PostgreSQL (fast shutdown: sessions are cut); resolves once it accepts again. */
  restartDatabase(): void;
  stop(): Promise<void>;
}

export const SCALE_OUT_SECRET = 'scale-out-secret-0123456789abcdef0123456789';

export async function startCluster(
  count = 3,
  options: {
    env?: Record<string, string>;
    /** More PostgreSQL settings, as `-c name=value` options (the soak's statement statistics). */
    postgresSettings?: string;
  } = {},
): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'assay-scale-out-'));
  const children: ChildProcess[] = [];
  let pgStarted = false;
  let bouncer: Bouncer | null = null;
  const stop = async () => {
    bouncer?.stop();
    // A child killed by a signal has no exit code, only the signal.
    const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
    for (const child of running) child.kill('SIGTERM');
    await Promise.all(running.map((c) => new Promise((r) => c.once('exit', r))));
    if (pgStarted) asPostgres('pg_ctl', ['-D', `${dir}/db`, '-m', 'fast', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (process.getuid?.() === 0)
      chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), 0);
    const pgPort = await freePort();
    asPostgres('initdb', ['-D', `${dir}/db`, '-A', 'trust', '-U', 'postgres']);
    // Started, and restarted by restartDatabase, with the same options.
    const pgCtl = (...action: string[]) =>
      asPostgres('pg_ctl', [
        '-D',
        `${dir}/db`,
        '-w',
        '-l',
        `${dir}/pg.log`,
        '-o',
        `-c listen_addresses=127.0.0.1 -p ${pgPort} -k ${dir} -c fsync=off ${options.postgresSettings ?? ''}`,
        ...action,
      ]);
    pgCtl('start');
    pgStarted = true;
    const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
    const pooler = await startPgBouncer(databaseUrl, { poolSize: 20 });
    if (!pooler) throw new Error('pgbouncer is not installed (apt-get install -y pgbouncer)');
    bouncer = pooler;

    const port = await freePort();
    const instancePorts: number[] = [];
    for (let i = 0; i < count; i += 1) instancePorts.push(await freePort());
    const launch = (instancePort: number) => {
      let log = '';
      const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
        cwd: repo,
        env: {
          PATH: process.env.PATH ?? '',
          HOST: '127.0.0.1',
          PORT: String(instancePort),
          APP_DOMAIN: `localhost:${port}`,
          DATABASE_URL: pooler.through(databaseUrl),
          DATABASE_DIRECT_URL: databaseUrl,
          APP_SECRET: SCALE_OUT_SECRET,
          TRUST_PROXY: '127.0.0.1',
          METRICS_TOKEN,
          LOG_LEVEL: 'warn',
          LICENSE_KEYS: 'E2ESCALE:business',
          ...options.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      // The log's last 64 KB: enough to say why it stopped, bounded over an hour's soak.
      const keep = (c: Buffer) => (log = (log + c.toString()).slice(-65_536));
      child.stdout?.on('data', keep);
      child.stderr?.on('data', keep);
      children.push(child);
      return { child, log: () => log };
    };
    const instances = instancePorts.map((instancePort) => {
      const instance: Instance = {
        port: instancePort,
        ...launch(instancePort),
        async kill() {
          const { child } = instance;
          if (child.exitCode !== null || child.signalCode !== null) return;
          child.kill('SIGKILL');
          await new Promise((r) => child.once('exit', r));
        },
        async restart() {
          await instance.kill();
          Object.assign(instance, launch(instancePort));
          await waitFor(
            `http://127.0.0.1:${instancePort}/api/health/ready`,
            instance.child,
            instance.log,
          );
        },
      };
      return instance;
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
      .replaceAll(
        '{{upstreams}}',
        instancePorts.map((p) => `server 127.0.0.1:${p};`).join('\n    '),
      );
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
    const restartDatabase = () => pgCtl('-m', 'fast', 'restart');
    return {
      url: `http://app.localhost:${port}`,
      databaseUrl,
      instances,
      port,
      restartDatabase,
      stop,
    };
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
