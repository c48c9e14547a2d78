/**
 * A throwaway PostgreSQL cluster for a benchmark, started the way `.ci/run` starts one (Debian's
 * newest server, as the postgres user, fsync off, a free port). Returns its URL and a stop().
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startCluster(): Promise<{ url: string; stop(): void }> {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b));
  const bin = `/usr/lib/postgresql/${versions.at(-1)}/bin`;
  const dir = mkdtempSync(join(tmpdir(), 'assay-bench-pg-'));
  const asPostgres = (command: string, args: string[]) =>
    execFileSync('runuser', ['-u', 'postgres', '--', `${bin}/${command}`, ...args], {
      stdio: 'ignore',
    });
  execFileSync('chown', ['postgres', dir]);
  const port = await freePort();
  asPostgres('initdb', ['-D', `${dir}/db`, '-A', 'trust', '-U', 'postgres']);
  asPostgres('pg_ctl', [
    '-D',
    `${dir}/db`,
    '-o',
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=200`,
    '-l',
    `${dir}/log`,
    '-w',
    'start',
  ]);
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  for (const name of ['assay', 'raw'])
    execFileSync(`${bin}/psql`, [admin, '-qc', `create database ${name}`], { stdio: 'ignore' });
  return {
    url: `postgres://postgres@127.0.0.1:${port}`,
    stop() {
      try {
        asPostgres('pg_ctl', ['-D', `${dir}/db`, '-m', 'fast', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
