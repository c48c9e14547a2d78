/** After commit: events go to the realtime bus at once and to the job queue for slower handlers. */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import { channel, type RealtimeBus, type RealtimeMessage } from '../realtime/bus.ts';
import { events, type EventRow } from './schema.ts';

export const EVENTS_QUEUE = 'events.process';

export interface EventJob {
  eventId: string;
  /** The request that made the event, for the job's log lines. */
  requestId?: string;
}

/** A handler per event namespace (cards, comments, …); later modules register theirs. */
export type EventHandler = (event: EventRow) => Promise<void>;

/**
 * When a handler has work to do for an event, as a condition the event's own INSERT evaluates
 * (the event's project given as an SQL value, its name as it is): an event no handler wants is
 * recorded processed at once, so it costs no job, no look-up and no "processed" mark after commit.
 */
export type EventInterest = (projectId: SQL, name: string) => SQL;

export interface HandlerOptions {
  /** Without it, the handler wants every event of its namespace. */
  when?: EventInterest;
}

/**
 * Where else an event is heard, besides its project's or organisation's channel: a module names
 * extra channels and the message each gets (a cohort hears "something changed" of its teams).
 */
export type EventRouter = (
  event: EventRow,
) => Promise<{ channel: string; message: RealtimeMessage }[]>;

export function toRealtimeMessage(row: EventRow): RealtimeMessage {
  return {
    event: row.name,
    id: row.id,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    projectId: row.projectId,
    actorId: row.actorId,
    changes: row.changes,
    clientId: row.context.clientId ?? null,
    at: row.createdAt.toISOString(),
  };
}

export interface EventDispatcher {
  publish(rows: EventRow[]): Promise<void>;
  /** Registers the handler of an event namespace (the part before the dot). */
  on(namespace: string, handler: EventHandler, options?: HandlerOptions): void;
  /** Processes one event: runs its namespace's handlers, then marks it processed. */
  process(eventId: string): Promise<void>;
  /** True when some handler listens to the event's namespace (others need no processing). */
  handles(name: string): boolean;
  /**
   * The event's processed_at as its INSERT should write it: now() when no handler wants it, null
   * (to be processed after commit) when one does — decided in the statement itself.
   */
  processedAtSql(name: string, projectId: SQL): SQL;
  /** Adds channels an event is published to (after its own). */
  route(router: EventRouter): void;
}

export function createEventDispatcher(options: {
  database: Database;
  bus: RealtimeBus;
  jobs: JobQueue | undefined;
  logger: FastifyBaseLogger;
}): EventDispatcher {
  const handlers = new Map<string, EventHandler[]>();
  const interests = new Map<string, (EventInterest | null)[]>();
  const routers: EventRouter[] = [];
  const { database, bus, jobs, logger } = options;

  const namespaceOf = (name: string) => name.split('.')[0] ?? name;
  const processRow = async (row: EventRow) => {
    for (const handler of handlers.get(namespaceOf(row.name)) ?? []) await handler(row);
    await database.db.update(events).set({ processedAt: new Date() }).where(eq(events.id, row.id));
  };
  const process = async (eventId: string) => {
    const [row] = await database.db.select().from(events).where(eq(events.id, eventId));
    if (!row || row.processedAt) return;
    await processRow(row);
  };

  return {
    async publish(rows) {
      for (const row of rows) {
        const message = toRealtimeMessage(row);
        try {
          // A project's events go to its channel only, so members who may not see a private
          // project never hear of its cards; organisation-wide events go to the organisation's.
          if (row.projectId) await bus.publish(channel('p', row.projectId), message);
          else await bus.publish(channel('o', row.organizationId), message);
          for (const router of routers)
            for (const extra of await router(row)) await bus.publish(extra.channel, extra.message);
        } catch (error) {
          logger.error({ err: error, event: row.name }, 'realtime publish failed');
        }
        // Events nobody handles were recorded as processed: nothing to queue.
        if (row.processedAt) continue;
        try {
          if (jobs)
            await jobs.send<EventJob>(EVENTS_QUEUE, {
              eventId: row.id,
              ...(row.context.requestId ? { requestId: row.context.requestId } : {}),
            });
          else await processRow(row);
        } catch (error) {
          // The row stays unprocessed; nothing already committed is lost.
          logger.error({ err: error, event: row.name }, 'event job enqueue failed');
        }
      }
    },
    on(namespace, handler, options = {}) {
      handlers.set(namespace, [...(handlers.get(namespace) ?? []), handler]);
      interests.set(namespace, [...(interests.get(namespace) ?? []), options.when ?? null]);
    },
    processedAtSql(name, projectId) {
      const wanted = interests.get(namespaceOf(name)) ?? [];
      if (wanted.length === 0) return sql`now()`;
      if (wanted.includes(null)) return sql`null`;
      const conditions = sql.join(
        wanted.map((when) => sql`(${when!(projectId, name)})`),
        sql` or `,
      );
      return sql`case when ${conditions} then null else now() end`;
    },
    process,
    handles: (name) => (handlers.get(namespaceOf(name))?.length ?? 0) > 0,
    route(router) {
      routers.push(router);
    },
  };
}
