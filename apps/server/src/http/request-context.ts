/**
 * Each request gets an id (the proxy's `x-request-id` when it sends one), answered back in
 * `x-request-id` and written on every log line of the request (pino's `requestId`); its writes
 * carry it in their events' context, and the jobs they queue log with it. Each answer is counted
 * in the metrics by route.
 */
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../platform/observability/metrics.ts';

export const REQUEST_ID_HEADER = 'x-request-id';

export function registerRequestContext(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw address, keeps the label set small.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(
      { method: request.method, route, status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });
}
