/** The database: PGlite (embedded default) or PostgreSQL through node-postgres. */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { scheduleStatistics } from './pglite-statistics.ts';
import { pgliteStatementsClient, PgliteStatements } from './pglite-statements.ts';
import { nameStatement } from './statement-names.ts';
// Tables are imported where they are queried; drizzle's relational API (which would need every
// module's tables here) is not used, so the plumbing imports no module.
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Db | Tx;

export interface SqlResult {
  rows: Record<string, unknown>[];
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Raw SQL for adapters (the job queue) that bring their own statements. A `name` makes it a
   * prepared statement on PostgreSQL (parsed and planned once per connection); the name must
   * always stand for the same text.
   */
  executeSql(text: string, values?: unknown[], name?: string): Promise<SqlResult>;
  close(): Promise<void>;
  /**
   * What a request re-reads on every call changed (#53): the `assay_identity` notifications of
   * migration 0061 ('u:<user id>', 'o:<organisation id>'), and '*' when some may have been
   * missed. On PostgreSQL every connection of the pool listens, so the instance that commits a
   * change hears it before its commit returns, and every other instance as soon as it is sent.
   */
  onIdentityChange(handler: (key: string) => void): () => void;
  /** Present on PostgreSQL: the pool, for LISTEN/NOTIFY and the like. */
  pool?: pg.Pool;
  /**
   * Present when `pool` goes through a pooler in transaction mode (PgBouncer): connections to the
   * PostgreSQL server itself, for what needs a session of its own (LISTEN, the start-up lock).
   */
  direct?: pg.Pool;
  pglite?: PGlite;
}

export const MIGRATIONS_FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../migrations',
);

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string | undefined;
  /**
   * The PostgreSQL server itself, when `databaseUrl` is a pooler in transaction mode (PgBouncer):
   * statements then run unnamed, and LISTEN and the start-up lock use this one.
   */
  databaseDirectUrl?: string | undefined;
  /** PGlite folder, or 'memory://'. */
  dataDir?: string;
  poolSize?: number;
}

/**
 * PGlite's buffer cache for a data folder on disk. PostgreSQL's default (128 MB) is written
 * through at start in PGlite's WASM memory, so the process held it from the first moment (a bare
 * instance: 319 MiB of RSS against 199 MiB with 32 MB). The data files stay in the operating
 * system's cache below it.
 */
const PGLITE_SHARED_BUFFERS = '32MB';

const run = promisify(execFile);

/**
 * A first start creates the PGlite cluster (initdb) in a process of its own: initdb grows PGlite's
 * WASM heap to ~800 MiB that the process never gives back, while the same cluster opened afresh
 * starts near 300 MiB (issue #28; measured in bench/README.md).
 */
async function createCluster(dataDir: string): Promise<void> {
  await run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import { PGlite } from '@electric-sql/pglite'; await (await PGlite.create(process.argv[1])).close();",
      dataDir,
    ],
    // Resolved from here, so the server's own PGlite creates it.
    { cwd: path.dirname(fileURLToPath(import.meta.url)) },
  );
}

/** Opens the configured database (nothing is migrated here). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const identity = new IdentityNotices();
    const pooler = Boolean(options.databaseDirectUrl);
    const pool = new pg.Pool({
      // Each connection listens for identity changes before it is first used (#53); through a
      // pooler a connection is no session of its own, so statements go unnamed and one direct
      // connection listens instead.
      Client: pooler ? unnamedClient() : listeningClient(identity),
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // A database that does not answer at all (a cut network) fails a request after this long,
      // as the catalogue's 503, instead of holding it open forever.
      connectionTimeoutMillis: 10_000,
    });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it on the next query.
    });
    const direct = pooler
      ? new pg.Pool({
          Client: listeningClient(identity),
          connectionString: options.databaseDirectUrl,
          // The identity listener, the realtime bus's listener and the start-up lock.
          max: 3,
          connectionTimeoutMillis: 10_000,
        })
      : undefined;
    direct?.on('error', () => {
      // As above; the listeners reconnect themselves.
    });
    const stopListening = direct ? holdListener(direct) : () => undefined;

    const db = drizzlePg(pool) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      pool,
      executeSql: async (text, values, name) => {
        const result = await pool.query({ text, values: values as unknown[] | undefined, name });
        return { rows: result.rows as Record<string, unknown>[] };
      },
      onIdentityChange: (handler) => identity.subscribe(handler),
      ...(direct ? { direct } : {}),
      close: async () => {
        stopListening();
        await Promise.all([pool.end(), direct?.end()]);
      },
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (dataDir !== 'memory://') {
    mkdirSync(dataDir, { recursive: true });
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await createCluster(dataDir);
  }
  // PGlite (and its WASM) loads only when it is the database: a server on PostgreSQL never holds it.
  const [pgliteModule, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
  ]);
  const { PGlite } = pgliteModule;
  // A cluster in memory keeps PGlite's own settings: there, a smaller buffer cache made the
  // process larger under load (835 against 599 MiB in bench:writes), not smaller.
  const pglite =
    dataDir === 'memory://'
      ? await PGlite.create()
      : await PGlite.create(dataDir, {
          startParams: [
            ...PGlite.defaultStartParams,
            '-c',
            `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
          ],
        });
  // Statements the code names run prepared, as on PostgreSQL (pglite-statements.ts).
  const statements = new PgliteStatements(pglite, pgliteModule);
  const db = drizzlePglite({ client: pgliteStatementsClient(pglite, statements) }) as unknown as Db;
  // PGlite has no autovacuum daemon: the planner's statistics of the tables that changed are
  // refreshed now and then, as PostgreSQL's autovacuum would, so plans follow the data.
  const stopStatistics = scheduleStatistics(pglite, PGLITE_ANALYZE_EVERY_MS);
  // PGlite hands a notification over before the statement that caused it returns.
  const identity = new IdentityNotices();
  await pglite.listen(IDENTITY_CHANNEL, (payload) => identity.tell(payload || '*'));
  statements.onNotification = (channel, payload) => {
    if (channel === IDENTITY_CHANNEL) identity.tell(payload || '*');
  };
  return {
    kind: 'pglite',
    db,
    pglite,
    executeSql: async (text, values, name) => {
      if (name !== undefined) {
        nameStatement(text, name);
        const result = await statements.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      if (values && values.length > 0) {
        const result = await statements.query<Record<string, unknown>>(text, values, undefined, {
          unnamed: true,
        });
        return { rows: result.rows as Record<string, unknown>[] };
      }
      // Without parameters a statement list may hold several commands (the job queue's plans do).
      const results = await pglite.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    onIdentityChange: (handler) => identity.subscribe(handler),
    close: async () => {
      stopStatistics();
      if (!pglite.closed) await pglite.close();
    },
  };
}

const PGLITE_ANALYZE_EVERY_MS = 60_000;

/**
 * node-postgres's client, with a listener for its 'error' event from birth. The pool listens
 * while a client is idle, and a query in flight receives its own error, but a client lent out and
 * waiting between two statements of a transaction has no one listening: a connection cut then (a
 * restart's 57P01, PgBouncer losing its server) was an 'error' event without a listener, which
 * ends the process (#54, bench:soak). Kept, the client is marked broken, the transaction's next
 * statement fails as an outage (the catalogue's 503) and the pool drops the client on release.
 */
class KeptClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => undefined);
  }
}

/** The channel migration 0061's triggers notify on. */
export const IDENTITY_CHANNEL = 'assay_identity';

/**
 * node-postgres's client, listening on the identity channel from the moment it connects (before
 * the pool hands it out, so no query waits behind the LISTEN). A connection opened while no other
 * was open may have missed news: it says '*'.
 */
function listeningClient(identity: IdentityNotices): typeof pg.Client {
  let opened = 0;
  let listening = 0;
  return class extends KeptClient {
    override connect(): Promise<pg.Client>;
    override connect(
      callback: ((error: Error) => void) | ((error: null, client: pg.Client) => void),
    ): void;
    override connect(
      callback?: ((error: Error) => void) | ((error: null, client: pg.Client) => void),
    ): Promise<pg.Client> | void {
      const ready = super.connect().then(async () => {
        this.on('notification', (message) => {
          if (message.channel === IDENTITY_CHANNEL) identity.tell(message.payload ?? '*');
        });
        this.once('end', () => (listening -= 1));
        // A connection that cannot listen still serves; the cache's entries then end by age.
        await this.query(`LISTEN ${IDENTITY_CHANNEL}`).catch(() => undefined);
        if (opened > 0 && listening === 0) identity.tell('*');
        opened += 1;
        listening += 1;
        return this as pg.Client;
      });
      if (!callback) return ready;
      const done = callback as (error: Error | null, client?: pg.Client) => void;
      ready.then(
        (client) => done(null, client),
        (error: unknown) => done(error as Error),
      );
    }
  };
}

/**
 * node-postgres's client with every statement unnamed: a pooler in transaction mode hands each
 * transaction whichever server connection is free, where a statement prepared on another is
 * unknown (PgBouncer 1.18). Streams and cursors (which submit themselves) pass as they are.
 */
function unnamedClient(): typeof pg.Client {
  return class extends KeptClient {
    override query(...args: unknown[]): never {
      const [config] = args;
      if (
        config &&
        typeof config === 'object' &&
        typeof (config as { submit?: unknown }).submit !== 'function' &&
        (config as { name?: unknown }).name
      )
        args[0] = { ...(config as object), name: undefined };
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  };
}

/**
 * Keeps one connection of `direct` open, listening (listeningClient), and opens another when it
 * is lost: the instance's identity news when its pool is a pooler's.
 */
function holdListener(direct: pg.Pool): () => void {
  let stopped = false;
  let held: pg.PoolClient | null = null;
  let retry: NodeJS.Timeout | null = null;
  const hold = () => {
    retry = null;
    if (stopped) return;
    direct.connect().then(
      (client) => {
        if (stopped) return client.release();
        held = client;
        // Once: a later 'error' of the same lost connection meets KeptClient's own listener.
        client.once('error', () => {
          client.release(true);
          if (held === client) held = null;
          again();
        });
      },
      () => again(),
    );
  };
  const again = () => {
    if (stopped || retry) return;
    retry = setTimeout(hold, 1000);
    retry.unref();
  };
  hold();
  return () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    held?.release();
    held = null;
  };
}

/** Notifications told already (each listening connection hears each one). */
const TOLD_KEPT = 1000;

/**
 * Who listens for identity changes on this database: each app instance's cache. A notification
 * ('o:<id>@<transaction>') is told once, as 'o:<id>', however many connections heard it; '*'
 * always.
 */
class IdentityNotices {
  readonly #handlers = new Set<(key: string) => void>();
  readonly #told = new Set<string>();

  tell(payload: string): void {
    let key = payload;
    if (payload !== '*') {
      if (this.#told.has(payload)) return;
      this.#told.add(payload);
      if (this.#told.size > TOLD_KEPT) this.#told.delete(this.#told.values().next().value!);
      const at = payload.indexOf('@');
      if (at >= 0) key = payload.slice(0, at);
    }
    for (const handler of this.#handlers) handler(key);
  }

  subscribe(handler: (key: string) => void): () => void {
    this.#handlers.add(handler);
    return () => this.#handlers.delete(handler);
  }
}

/** Applies the committed SQL migrations. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    await database.pglite?.exec('analyze');
  } else {
    // Instances starting together take turns: the first migrates, the others find nothing to do.
    await withStartupLock(database, () =>
      migratePg(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    );
  }
}

/** The advisory lock key start-up work holds on PostgreSQL ("assa" in ASCII). */
const STARTUP_LOCK = 0x61737361;

/**
 * Runs start-up work (migrations, installing the job queue's schema) one instance at a time on
 * PostgreSQL, under a session advisory lock; PGlite is one process and runs it directly.
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  // A session lock needs a session: the server's own connection when the pool is a pooler's.
  const owner = database.direct ?? database.pool;
  if (!owner) return work();
  const client = await owner.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
    client.release();
  }
}
