/**
 * Debian's PgBouncer in transaction mode in front of a PostgreSQL server (the test cluster,
 * TEST_DATABASE_URL, unless another is named), on a free loopback port: what a production set-up
 * with many instances puts between them and PostgreSQL (#54). Used by the server tests, the
 * scale-out journey and bench:soak. Null when there is no server or no pgbouncer binary.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.ts';

const BINARY = '/usr/sbin/pgbouncer';

async function accepting(port: number, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`pgbouncer did not listen on ${port}`);
}

export interface Bouncer {
  /** `databaseUrl` through PgBouncer (same database, user and password). */
  through(databaseUrl: string): string;
  stop(): void;
}

export async function startPgBouncer(
  cluster = process.env.TEST_DATABASE_URL,
  options: { poolSize?: number } = {},
): Promise<Bouncer | null> {
  if (!cluster || !existsSync(BINARY)) return null;
  const server = new URL(cluster);
  const dir = mkdtempSync(path.join(tmpdir(), 'assay-pgbouncer-'));
  const port = await freePort();
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 1000',
      `default_pool_size = ${options.poolSize ?? 8}`,
      'ignore_startup_parameters = extra_float_digits,options',
      // After a failed login to the server, PgBouncer waits this long before it tries again: its
      // default (15 s) kept every instance out for 15 s after PostgreSQL had restarted in 0.3 s
      // (bench:soak).
      'server_login_retry = 1',
    ].join('\n'),
  );
  writeFileSync(path.join(dir, 'users.txt'), `"${decodeURIComponent(server.username)}" ""\n`);
  // PgBouncer refuses to run as root: as root, it runs as the cluster's own user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    chownSync(dir, uid, -1);
  }
  const child = spawn(
    BINARY,
    [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')],
    { stdio: 'ignore' },
  );
  await accepting(port, Date.now() + 10_000);
  return {
    through(databaseUrl) {
      const target = new URL(databaseUrl);
      target.hostname = '127.0.0.1';
      target.port = String(port);
      return target.toString();
    },
    stop() {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
