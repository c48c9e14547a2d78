/**
 * The rate limiter's counters (@fastify/rate-limit's `store` option): a fixed window per client
 * and route, in this instance's memory, as the plugin's own LocalStore counts them — but each
 * request is answered with its own count. LocalStore hands every request the one object it keeps
 * per client and mutates it on the next request, so requests that reach the limiter in the same
 * turn of the event loop (ten exports at once, once the session came from the identity cache,
 * #53) all read the last count and were all refused, the first three too.
 */
import type { FastifyRateLimitStore } from '@fastify/rate-limit';

interface Window {
  count: number;
  startedAt: number;
}

/** Clients remembered per route at most; the least recently counted go first. */
const MAX_CLIENTS = 5000;

export class SnapshotStore implements FastifyRateLimitStore {
  readonly #windows = new Map<string, Window>();

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    const now = Date.now();
    let window = this.#windows.get(key);
    if (!window || window.startedAt + timeWindow <= now) window = { count: 0, startedAt: now };
    window.count += 1;
    // Most recently counted last: the first in the map is the one to drop.
    this.#windows.delete(key);
    this.#windows.set(key, window);
    if (this.#windows.size > MAX_CLIENTS) {
      const oldest = this.#windows.keys().next().value;
      if (oldest !== undefined) this.#windows.delete(oldest);
    }
    callback(null, { current: window.count, ttl: timeWindow - (now - window.startedAt) });
  }

  /** A route's own counters. */
  child(): SnapshotStore {
    return new SnapshotStore();
  }
}
