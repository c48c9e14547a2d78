/**
 * A sweep run every hour where the job queue runs (the trash, cohort weeks, organisations past
 * their grace period, expired exports): a failure is logged and the next hour tries again.
 * Returns the stop.
 */
import type { FastifyBaseLogger } from 'fastify';

export function everyHour(
  logger: FastifyBaseLogger,
  what: string,
  run: () => Promise<unknown>,
): () => void {
  const timer = setInterval(
    () => void run().catch((error: unknown) => logger.error({ err: error }, `${what} failed`)),
    60 * 60 * 1000,
  );
  timer.unref();
  return () => clearInterval(timer);
}
