/**
 * A connection cut while a transaction waits between two statements (a restart's 57P01, as the
 * soak's PostgreSQL restart sent it; #54) fails that transaction as an outage and ends nothing
 * else: node-postgres emits the error on the client, which no one listens to while the pool has
 * lent it, and an 'error' event without a listener once ended the process. PostgreSQL only
 * (CI's second pass), directly and through PgBouncer in transaction mode.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../../test/database.ts';
import { startPgBouncer } from '../../../test/pgbouncer.ts';
import { openDatabase, type Database } from './index.ts';
import { isDatabaseUnavailable } from './outage.ts';

const url = process.env.TEST_DATABASE_URL;
const bouncer = url ? await startPgBouncer() : null;
const opened: Database[] = [];

async function cutWhileWaiting(database: Database, server: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const name = new URL(server).pathname.slice(1);
  const outcome = await database.db
    .transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // Between two statements: the client is lent out, idle in its transaction.
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = $1 and pid <> pg_backend_pid() and state = 'idle in transaction'`,
        [name],
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.execute(sql`select 2`);
    })
    .then(
      () => 'committed',
      (error: unknown) => (isDatabaseUnavailable(error) ? 'outage' : String(error)),
    );
  await admin.end();
  return outcome;
}

describe.skipIf(!url)('a connection cut in the middle of a transaction', () => {
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
    bouncer?.stop();
  });

  it('fails that transaction as an outage; the process and the pool go on', async () => {
    const server = await createPostgresDatabase(url!);
    const database = await openDatabase({ databaseUrl: server, poolSize: 2 });
    opened.push(database);
    expect(await cutWhileWaiting(database, server)).toBe('outage');
    const again = (await database.db.execute(sql`select 3 as n`)) as unknown as {
      rows: { n: number }[];
    };
    expect(again.rows[0]!.n).toBe(3);
  });

  it.skipIf(!bouncer)('through PgBouncer in transaction mode too', async () => {
    const server = await createPostgresDatabase(url!);
    const database = await openDatabase({
      databaseUrl: bouncer!.through(server),
      databaseDirectUrl: server,
      poolSize: 2,
    });
    opened.push(database);
    expect(await cutWhileWaiting(database, server)).toBe('outage');
    const again = (await database.db.execute(sql`select 3 as n`)) as unknown as {
      rows: { n: number }[];
    };
    expect(again.rows[0]!.n).toBe(3);
  });
});
