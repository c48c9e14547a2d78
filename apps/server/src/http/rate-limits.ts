/**
 * Rate limits on every write route and on the gateway (reads included: one endpoint serves
 * both), per client and route: the session once it resolves to a live one, else the address — a
 * made-up cookie is no client of its own (#47 item 6), so the limiter runs after the session is
 * read (preHandler). Refusals answer
 * the catalogue's rateLimited (429, ref 2006) with Retry-After. Counters live in each instance;
 * see docs/decisions/ for why that is enough behind a round-robin balancer.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, GATEWAY_PATH, MCP_PATH } from '@assay/domain';
import { SnapshotStore } from './rate-limit-store.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Reads that cost like writes (#47 item 5): signing an upload (a place in storage) and a
 * project's export (the whole project zipped). Limited as writes are.
 */
const COSTLY_READS = new Set(['/api/media/sign', '/api/proj/projects/:id/export/project.zip']);

export interface RateLimitSettings {
  /** Writes per client, route and minute. */
  writesPerMinute: number;
  /** Gateway requests per client and minute. */
  gatewayPerMinute: number;
}

function clientKey(request: FastifyRequest): string {
  const session = request.auth?.session.id;
  return session ? `s:${session}` : `ip:${request.ip}`;
}

/** Registers the limiter; call before any route is added, so every route is seen. */
export async function registerRateLimits(app: FastifyInstance, settings: RateLimitSettings) {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    // The MCP server is another door to the same reads and writes: the gateway's limit.
    const isGateway = route.url === GATEWAY_PATH || route.url === MCP_PATH;
    if (!isGateway && !COSTLY_READS.has(route.url) && !methods.some((m) => WRITE_METHODS.has(m)))
      return;
    if (route.config && 'rateLimit' in route.config) return;
    route.config = {
      ...route.config,
      rateLimit: {
        max: isGateway ? settings.gatewayPerMinute : settings.writesPerMinute,
        timeWindow: 60_000,
      },
    };
  });
  await app.register(rateLimit, {
    global: false,
    // After the auth context's preHandler (global hooks run before a route's own).
    hook: 'preHandler',
    keyGenerator: clientKey,
    // Each request its own count, even among requests of the same turn (rate-limit-store.ts).
    store: SnapshotStore,
    errorResponseBuilder: (_request, context) => {
      return new AppError('rateLimited', { details: { retryAfterMs: context.ttl } });
    },
  });
}
