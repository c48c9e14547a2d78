/** The job queue: pg-boss on PGlite (through its db option) or on PostgreSQL. */
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/index.ts';

export type JobHandler<T extends object> = (
  data: T,
  job: { id: string; name: string },
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
  /** True once the queue is reachable. */
  isReady(): Promise<boolean>;
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  database: Database;
  logger: FastifyBaseLogger;
  /** How often workers poll for new jobs. */
  pollingIntervalSeconds?: number;
}

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
  await boss.start();
  const created = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (created.has(name)) return;
    if (!(await boss.getQueue(name))) await boss.createQueue(name);
    created.add(name);
  };
  const polling = options.pollingIntervalSeconds ?? 0.5;
  return {
    async send(queue, data, sendOptions) {
      await ensureQueue(queue);
      return sendOptions ? boss.send(queue, data, sendOptions) : boss.send(queue, data);
    },
    async work(queue, handler) {
      await ensureQueue(queue);
      await boss.work<object>(
        queue,
        { pollingIntervalSeconds: polling, batchSize: 1 },
        async (jobs) => {
          for (const job of jobs) {
            await handler(job.data as never, { id: job.id, name: job.name });
          }
        },
      );
    },
    async isReady() {
      try {
        await database.executeSql('select 1 from pgboss.version limit 1');
        return true;
      } catch {
        return false;
      }
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5000, close: false });
    },
  };
}
