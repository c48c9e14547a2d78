/**
 * Rate limits on every write route and on the gateway (reads included: one endpoint serves
 * both), per client and route: the session when there is one, else the address. Refusals answer
 * the catalogue's rateLimited (429, ref 2006) with Retry-After. Counters live in each instance;
 * see docs/decisions/ for why that is enough behind a round-robin balancer.
 */
import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, GATEWAY_PATH, SESSION_COOKIE } from '@assay/domain';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RateLimitSettings {
  /** Writes per client, route and minute. */
  writesPerMinute: number;
  /** Gateway requests per client and minute. */
  gatewayPerMinute: number;
}

function clientKey(request: FastifyRequest): string {
  const token =
    request.cookies?.[SESSION_COOKIE] ??
    request.headers.authorization?.replace(/^Bearer\s+/i, '') ??
    undefined;
  if (token) return `s:${createHash('sha256').update(token).digest('base64url').slice(0, 22)}`;
  return `ip:${request.ip}`;
}

/** Registers the limiter; call before any route is added, so every route is seen. */
export async function registerRateLimits(app: FastifyInstance, settings: RateLimitSettings) {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const isGateway = route.url === GATEWAY_PATH;
    if (!isGateway && !methods.some((m) => WRITE_METHODS.has(m))) return;
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
    keyGenerator: clientKey,
    errorResponseBuilder: (_request, context) => {
      return new AppError('rateLimited', { details: { retryAfterMs: context.ttl } });
    },
  });
}
