/** REST errors: one mapping to `{ statusCode, message, ref }`; never a stack trace. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, ERRORS, isAppError, restErrorBody } from '@assay/domain';
import {
  isDatabaseUnavailable,
  OUTAGE_RETRY_AFTER_SECONDS,
  outageSummary,
} from '../platform/db/outage.ts';

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (isAppError(error)) {
      // A lockout or a rate limit says when to try again (issue #25).
      const seconds = (error.details as { retryAfterSeconds?: unknown } | undefined)
        ?.retryAfterSeconds;
      if (typeof seconds === 'number') reply.header('retry-after', String(Math.ceil(seconds)));
      return reply.status(error.statusCode).send(restErrorBody(error));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = status === 404 ? 'notFound' : status === 429 ? 'rateLimited' : 'badRequest';
      const definition = ERRORS[code];
      return reply.status(status).send({
        statusCode: status,
        message: definition.message,
        ref: definition.ref,
        // Fastify's own 4xx messages (bad JSON, body too large) say nothing secret.
        context: error.message,
      });
    }
    if (isDatabaseUnavailable(error)) {
      // A database restart or failover: nothing was saved; the client may simply try again.
      request.log.warn({ outage: outageSummary(error) }, 'database unavailable');
      reply.header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS));
      return reply.status(503).send(restErrorBody(new AppError('databaseUnavailable')));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(restErrorBody(new AppError('internal')));
  });
}
