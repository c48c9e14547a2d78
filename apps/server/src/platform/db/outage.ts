/**
 * Errors that mean "the database is out of reach for a moment" (a restart, a failover, a network
 * cut), told apart from bugs: requests answer them with the catalogue's 503 and background work
 * logs them and tries again later, where a bug would answer 500.
 */

/** PostgreSQL's admin shutdown, crash shutdown, "cannot connect now" and connection classes. */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
/** Socket errors on the way to the database. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
/** node-postgres's own words when a connection ends under it or never comes. */
const MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
  // PgBouncer's words (SQLSTATE 08P01, which from PostgreSQL itself would be a bug) when the
  // server behind it restarts or cannot be reached: the outage seen through a pooler (#54).
  'server conn crashed?',
  'server login has been failing',
  'client_login_timeout (server down)',
  'query_wait_timeout',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle and pg-boss wrap the driver's error: look down the chain of causes.
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && (SQLSTATES.has(code) || SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && MESSAGES.some((m) => message.includes(m))) return true;
    current = cause;
  }
  return false;
}

/** How long a client is told to wait before trying again (Retry-After), in seconds. */
export const OUTAGE_RETRY_AFTER_SECONDS = 1;

/** What a log line needs of an outage error: its code and the driver's words, not the query. */
export function outageSummary(error: unknown): { code?: string; message: string } {
  let current = error;
  for (let depth = 0; depth < 5; depth += 1) {
    const cause = (current as { cause?: unknown } | null)?.cause;
    if (!cause) break;
    current = cause;
  }
  const { code, message } = (current ?? {}) as { code?: unknown; message?: unknown };
  return {
    ...(typeof code === 'string' ? { code } : {}),
    message: typeof message === 'string' ? message : String(current),
  };
}
