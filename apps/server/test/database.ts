/**
 * One migrated database per test worker: in-memory PGlite by default, or a fresh database in the
 * PostgreSQL cluster named by TEST_DATABASE_URL. Test files in a worker share it (the server
 * project runs with isolate: false), and factories give each test its own organisation, so
 * nothing needs truncating.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateDatabase, openDatabase, type Database } from '../src/platform/db/index.ts';

let shared: Promise<Database> | undefined;
let sharedUrl: string | undefined;

/** A new, empty database in the cluster of `url`; answers its address. */
export async function createPostgresDatabase(url: string): Promise<string> {
  const worker = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? '0';
  const name = `assay_test_w${worker}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

async function open(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) sharedUrl = await createPostgresDatabase(url);
  const database = sharedUrl
    ? await openDatabase({ databaseUrl: sharedUrl, poolSize: 5 })
    : await openDatabase({ dataDir: 'memory://' });
  await migrateDatabase(database);
  return database;
}

/** The worker's database, opened and migrated on first use. */
export function getTestDatabase(): Promise<Database> {
  shared ??= open();
  return shared;
}

/**
 * On PostgreSQL, a second connection pool to the worker's database: what another app instance
 * behind the same load balancer would open. Null on PGlite (one process only).
 */
export async function openSecondConnection(): Promise<Database | null> {
  await getTestDatabase();
  return sharedUrl ? openDatabase({ databaseUrl: sharedUrl, poolSize: 3 }) : null;
}
