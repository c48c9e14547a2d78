/**
 * The bus across instances, on a real PostgreSQL (the second pass of CI; skipped on PGlite, which
 * has no NOTIFY between connections): many publishes at once go out in few statements, every
 * message arrives once, in the order published, and a failed statement fails its publishes.
 */
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createPostgresBus } from './pg-bus.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('the PostgreSQL bus', () => {
  it('delivers a burst of publishes once each and in order, in fewer statements than messages', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    const statements: string[] = [];
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
      if (typeof args[0] === 'string' && args[0].includes('pg_notify')) statements.push(args[0]);
      return query(...args);
    };
    const bus = await createPostgresBus(pool, {
      warn: () => undefined,
    } as unknown as FastifyBaseLogger);
    const channelName = `p${crypto.randomUUID()}`;
    const received: string[] = [];
    const all = new Promise<void>((resolve) => {
      bus.subscribe(channelName, (message) => {
        received.push(message.id);
        if (received.length === 120) resolve();
      });
    });
    const ids = Array.from({ length: 120 }, (_, i) => `m${i}`);
    await Promise.all(
      ids.map((id) => bus.publish(channelName, { event: 'cards.create', id, at: '' })),
    );
    await all;
    expect(received).toEqual(ids);
    // 120 messages in three statements of at most 50.
    expect(statements.length).toBeLessThanOrEqual(3);

    // A statement that fails rejects the publishes it carried.
    await pool.query('select 1');
    (pool as unknown as { query: () => Promise<never> }).query = () =>
      Promise.reject(new Error('connection lost'));
    await expect(bus.publish(channelName, { event: 'x', id: 'lost', at: '' })).rejects.toThrow(
      'connection lost',
    );
    (pool as unknown as { query: unknown }).query = query;
    await bus.close();
    await pool.end();
  });
});
