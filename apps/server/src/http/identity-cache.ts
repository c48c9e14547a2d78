/**
 * What a request re-reads on every call — its session and user, the organisation it names, the
 * member's role there, the project it names and the member's role in it — kept per app instance
 * (#53), so a request reads nothing before its own work. An entry goes when the database says one
 * of its rows changed (migration 0061's notifications: the user's, or the organisation's), when
 * it may have missed saying so ('*', a connection replaced), and in any case after a minute.
 * A read that started before a change is not kept.
 */
import type { Database } from '../platform/db/index.ts';

/** How long an entry is trusted without news. */
export const IDENTITY_TTL_MS = 60_000;
/** Entries at most (the least recently used go first). */
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  userId: string;
  organizationId: string | null;
  at: number;
}

export interface IdentityCache<T> {
  get(key: string): T | undefined;
  /** A read's answer, kept unless something changed since `generation` (taken before the read). */
  set(
    key: string,
    value: T,
    owners: { userId: string; organizationId: string | null },
    generation: number,
  ): void;
  /** Taken before a read: set() keeps the answer only if nothing changed meanwhile. */
  generation(): number;
  /** Reads answered from the cache, and reads that went to the database. */
  stats(): { hits: number; misses: number; size: number };
  close(): void;
}

export function createIdentityCache<T>(
  database: Pick<Database, 'onIdentityChange'>,
  options: { ttlMs?: number; now?: () => number } = {},
): IdentityCache<T> {
  const ttl = options.ttlMs ?? IDENTITY_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry<T>>();
  let generation = 0;
  let hits = 0;
  let misses = 0;

  const stop = database.onIdentityChange((key) => {
    generation += 1;
    if (key === '*') {
      entries.clear();
      return;
    }
    const [kind, id] = [key.slice(0, 2), key.slice(2)];
    for (const [name, entry] of entries) {
      if ((kind === 'u:' && entry.userId === id) || (kind === 'o:' && entry.organizationId === id))
        entries.delete(name);
    }
  });

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry || now() - entry.at > ttl) {
        if (entry) entries.delete(key);
        misses += 1;
        return undefined;
      }
      hits += 1;
      // Most recently used last: the first in the map is the one to drop.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value, owners, since) {
      if (since !== generation) return;
      entries.delete(key);
      entries.set(key, { value, ...owners, at: now() });
      if (entries.size > MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    },
    generation: () => generation,
    stats: () => ({ hits, misses, size: entries.size }),
    close: stop,
  };
}
