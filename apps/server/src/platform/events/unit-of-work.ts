/**
 * The transaction helper: a use case writes its rows and records its domain events in one
 * transaction; only after commit are the events published on the realtime bus and handed to the
 * job queue. A rolled-back write publishes nothing.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../db/index.ts';
import { events, type EventRow, type NewEvent } from './schema.ts';

export type PublishEvents = (rows: EventRow[]) => Promise<void>;

export interface UnitOfWork {
  tx: Tx;
  /** Records a domain event inside the transaction. */
  record(event: NewEvent): Promise<EventRow>;
}

export interface TransactionOptions {
  /** Where the change came from (ip, device), recorded with every event unless one says otherwise. */
  context?: { ip?: string; device?: string; clientId?: string; requestId?: string };
}

export interface TransactionRunner {
  <T>(work: (unit: UnitOfWork) => Promise<T>, options?: TransactionOptions): Promise<T>;
}

/** Builds the transaction helper for a database and an after-commit publisher. */
export function createTransactionRunner(
  database: Database,
  publish: PublishEvents,
  /**
   * The event's processed_at as its INSERT writes it: null when it needs processing after commit
   * (the default), now() when no handler wants it (see EventDispatcher.processedAtSql).
   */
  processedAt: (name: string, projectId: SQL) => SQL = () => sql`null`,
): TransactionRunner {
  return async <T>(
    work: (unit: UnitOfWork) => Promise<T>,
    options: TransactionOptions = {},
  ): Promise<T> => {
    const recorded: EventRow[] = [];
    const result = await database.db.transaction(async (tx) => {
      const unit: UnitOfWork = {
        tx,
        async record(event) {
          const [row] = await tx
            .insert(events)
            .values({
              ...event,
              context: event.context ?? options.context ?? {},
              processedAt: processedAt(event.name, sql`${event.projectId ?? null}::uuid`),
            })
            .returning();
          if (!row) throw new Error('event insert returned no row');
          recorded.push(row);
          return row;
        },
      };
      return work(unit);
    });
    if (recorded.length > 0) await publish(recorded);
    return result;
  };
}
