/**
 * A PostgreSQL cluster of a test's own, from Debian's server packages: for tests that stop and
 * start the database itself (an outage under load). initdb refuses root, so as root the cluster
 * runs as the postgres user. Null when no PostgreSQL server is installed.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.ts';

export interface PgCluster {
  url: string;
  start(): void;
  /** A fast shutdown: open sessions are ended (57P01), as in a restart or a failover. */
  stop(): void;
  remove(): void;
}

function serverBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  const latest = versions.at(-1);
  return latest ? path.join(root, latest, 'bin') : null;
}

export const hasPostgresServer = serverBinaries() !== null;

export async function createPgCluster(): Promise<PgCluster> {
  const bin = serverBinaries();
  if (!bin) throw new Error('no PostgreSQL server installed');
  const dir = mkdtempSync(path.join(tmpdir(), 'assay-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), 0);
  const run = (program: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args], {
          stdio: 'pipe',
        })
      : execFileSync(path.join(bin, program), args, { stdio: 'pipe' });
  const port = await freePort();
  const data = path.join(dir, 'db');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`;
  const cluster: PgCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () =>
      run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']),
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    remove: () => {
      try {
        cluster.stop();
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
