/**
 * A throwaway PostgreSQL cluster for a benchmark, started the way `.ci/run` starts one (Debian's
 * newest server, as the postgres user, fsync off, a free port). Returns its URL and a stop().
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../apps/server/test/server-process.ts';

/** BENCH_PG_STATEMENTS=1: the statements that took the database's time, printed when it stops. */
const statements = process.env.BENCH_PG_STATEMENTS === '1';
const STATEMENTS_SETTINGS =
  ' -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all' +
  ' -c pg_stat_statements.track_planning=on';
const TOP_STATEMENTS = `select calls, round(total_exec_time::numeric, 1) as exec_ms,
  round(total_plan_time::numeric, 1) as plan_ms,
  round(((total_exec_time + total_plan_time) / greatest(calls, 1))::numeric, 3) as ms_per_call,
  left(regexp_replace(query, '\\s+', ' ', 'g'), 140) as query
  from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
  order by total_exec_time + total_plan_time desc limit 15`;

const url = (port: number) => `postgres://postgres@127.0.0.1:${port}`;

export async function startCluster(
  options: {
    /** The databases to create (default: assay and raw). */
    databases?: string[];
    /** More server settings, as `-c name=value` options. */
    settings?: string;
  } = {},
): Promise<{
  url: string;
  /** The server's log file (statements appear in it once `log_statement` is set). */
  log: string;
  /** Runs SQL as the superuser in a database of the cluster. */
  psql(database: string, command: string): string;
  /** A streaming-replication standby of the cluster (pg_basebackup -R), hot: reads only. */
  startReplica(): Promise<{ url: string; stop(): void }>;
  stop(): void;
}> {
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
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=200${statements ? STATEMENTS_SETTINGS : ''}${options.settings ? ` ${options.settings}` : ''}`,
    '-l',
    `${dir}/log`,
    '-w',
    'start',
  ]);
  const admin = `${url(port)}/postgres`;
  const databases = options.databases ?? ['assay', 'raw'];
  for (const name of databases) {
    execFileSync(`${bin}/psql`, [admin, '-qc', `create database ${name}`], { stdio: 'ignore' });
    if (statements)
      execFileSync(
        `${bin}/psql`,
        [`${url(port)}/${name}`, '-qc', 'create extension pg_stat_statements'],
        { stdio: 'ignore' },
      );
  }
  return {
    url: url(port),
    log: `${dir}/log`,
    psql: (database, command) =>
      execFileSync(`${bin}/psql`, [`${url(port)}/${database}`, '-qAtc', command], {
        encoding: 'utf8',
      }),
    async startReplica() {
      const replicaPort = await freePort();
      const replicaDir = `${dir}/replica`;
      asPostgres('pg_basebackup', [
        '-d',
        `host=127.0.0.1 port=${port} user=postgres`,
        '-D',
        replicaDir,
        '-R',
        '-X',
        'stream',
      ]);
      asPostgres('pg_ctl', [
        '-D',
        replicaDir,
        '-o',
        `-c listen_addresses=127.0.0.1 -p ${replicaPort} -k ${dir} -c fsync=off -c max_connections=200 -c hot_standby=on`,
        '-l',
        `${dir}/replica.log`,
        '-w',
        'start',
      ]);
      return {
        url: url(replicaPort),
        stop: () => asPostgres('pg_ctl', ['-D', replicaDir, '-m', 'fast', 'stop']),
      };
    },
    stop() {
      try {
        if (statements)
          for (const name of databases)
            execFileSync(`${bin}/psql`, [`${url(port)}/${name}`, '-c', TOP_STATEMENTS], {
              stdio: 'inherit',
            });
        asPostgres('pg_ctl', ['-D', `${dir}/db`, '-m', 'fast', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
