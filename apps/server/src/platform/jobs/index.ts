/** The job queue: pg-boss on PGlite (through its db option) or on PostgreSQL. */
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { withStartupLock, type Database } from '../db/index.ts';

export type JobHandler<T extends object> = (
  data: T,
  job: { id: string; name: string; log: FastifyBaseLogger },
) => Promise<void>;

export interface JobQueue {
  /** Enqueues a job; returns its id (null when a singleton key suppressed it). */
  send<T extends object>(
    queue: string,
    data: T,
    options?: PgBoss.SendOptions,
  ): Promise<string | null>;
  /** Registers the worker of a queue (creating the queue when missing). */
  work<T extends object>(queue: string, handler: JobHandler<T>): Promise<void>;
  /** True once the queue is reachable and not stopping. */
  isReady(): Promise<boolean>;
  /** Jobs waiting to run (created or due for retry), per queue. */
  depth(): Promise<{ queue: string; waiting: number }[]>;
  /** Stops taking jobs and waits for the ones running to finish. */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  database: Database;
  logger: FastifyBaseLogger;
  /** How often workers poll for new jobs. */
  pollingIntervalSeconds?: number;
  /** Told of each job run, for metrics. */
  onJobDone?: (labels: { queue: string; ok: boolean }, seconds: number) => void;
}

/** A job's payload may name the request that queued it (`requestId`), for the logs. */
type Queued<T> = T & { requestId?: string };

/** Deadlock, unique violation, duplicate table/object: another instance got there first. */
const RACE_CODES = new Set(['40P01', '23505', '42P07', '42710']);

/** How often workers look for jobs: on PostgreSQL, and on PGlite. */
export const POLLING_SECONDS = 0.5;
export const PGLITE_POLLING_SECONDS = 5;

/** Starts pg-boss on the given database. */
export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { database, logger } = options;
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schema: 'pgboss',
    // Maintenance runs on every instance; it is cheap and idempotent.
    supervise: true,
    schedule: false,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (error: Error) => logger.error({ err: error }, 'job queue error'));
  // Instances starting together would race to install the queue's schema.
  await withStartupLock(database, () => boss.start());
  const created = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (created.has(name)) return;
    // Instances starting together may create the same queue at once: PostgreSQL then reports a
    // deadlock or a duplicate to all but one; look again after a moment.
    for (let attempt = 1; ; attempt += 1) {
      try {
        if (!(await boss.getQueue(name))) await boss.createQueue(name);
        break;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (attempt >= 5 || !code || !RACE_CODES.has(code)) throw error;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 200 * attempt));
      }
    }
    created.add(name);
  };
  // On PostgreSQL other instances send jobs too, and this one hears of them only by polling. On
  // PGlite there is one process: every job sent wakes its workers at once, and polling only picks
  // up retries, so it polls seldom (each poll runs in the server's own thread there).
  const polling =
    options.pollingIntervalSeconds ??
    (database.kind === 'pglite' ? PGLITE_POLLING_SECONDS : POLLING_SECONDS);
  let stopping = false;
  /** This instance's workers per queue. */
  const workers = new Map<string, string[]>();
  /** Wakes this instance's workers of a queue: they fetch at once instead of at the next poll. */
  const wake = (queue: string) => {
    for (const id of workers.get(queue) ?? []) boss.notifyWorker(id);
  };
  return {
    async send(queue, data, sendOptions) {
      await ensureQueue(queue);
      const id = sendOptions
        ? await boss.send(queue, data, sendOptions)
        : await boss.send(queue, data);
      // A job due now starts at once here; other instances still find it at their next poll.
      if (id && !sendOptions?.startAfter) wake(queue);
      return id;
    },
    async work(queue, handler) {
      await ensureQueue(queue);
      const workerId = await boss.work<object>(
        queue,
        { pollingIntervalSeconds: polling, batchSize: 1 },
        async (jobs) => {
          // pg-boss waits a whole polling interval after every fetch, even one that found a
          // job: a backlog would drain at one job per interval. Having found one, look again at
          // once; only an empty fetch waits for the next poll.
          if (jobs.length > 0) wake(queue);
          for (const job of jobs) {
            const requestId = (job.data as Queued<object>).requestId ?? `job:${job.id}`;
            const log = logger.child({ requestId, jobId: job.id, queue: job.name });
            const started = performance.now();
            try {
              await handler(job.data as never, { id: job.id, name: job.name, log });
              const seconds = (performance.now() - started) / 1000;
              options.onJobDone?.({ queue: job.name, ok: true }, seconds);
              log.debug({ seconds }, 'job done');
            } catch (error) {
              const seconds = (performance.now() - started) / 1000;
              options.onJobDone?.({ queue: job.name, ok: false }, seconds);
              log.error({ err: error, seconds }, 'job failed');
              throw error;
            }
          }
        },
      );
      workers.set(queue, [...(workers.get(queue) ?? []), workerId]);
    },
    async isReady() {
      if (stopping) return false;
      try {
        await database.executeSql('select 1 from pgboss.version limit 1');
        return true;
      } catch {
        return false;
      }
    },
    async depth() {
      const result = await database.executeSql(
        "select name, count(*)::int as waiting from pgboss.job where state in ('created', 'retry') group by name",
      );
      return (result.rows as { name: string; waiting: number }[]).map((row) => ({
        queue: row.name,
        waiting: Number(row.waiting),
      }));
    },
    async stop() {
      stopping = true;
      await boss.stop({ graceful: true, wait: true, timeout: 5000, close: false });
    },
  };
}
