/**
 * The realtime bus across app instances: every publish is a NOTIFY on one PostgreSQL channel, and
 * every instance LISTENs on a dedicated connection and hands each message to its own subscribers.
 * A notify inside a transaction arrives after commit; payloads stay under 8,000 bytes (a message
 * too large loses its `changes`: clients refetch by id). A lost listening connection is
 * re-established, after which subscribers hear `realtime.reconnected` so they can refetch.
 */
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { RealtimeBus, RealtimeMessage } from './bus.ts';

export const NOTIFY_CHANNEL = 'assay_realtime';
const MAX_PAYLOAD = 7900;
/** Notifications per statement at most (each payload under 8 KB). */
const NOTIFY_BATCH = 50;

interface Envelope {
  c: string;
  m: RealtimeMessage;
}

export function encodeEnvelope(channelName: string, message: RealtimeMessage): string {
  const full = JSON.stringify({ c: channelName, m: message } satisfies Envelope);
  if (Buffer.byteLength(full) <= MAX_PAYLOAD) return full;
  const { changes: _dropped, ...rest } = message;
  return JSON.stringify({ c: channelName, m: { ...rest, changes: { truncated: true } } });
}

function deliver(emitter: EventEmitter, payload: string | undefined, logger: FastifyBaseLogger) {
  if (!payload) return;
  try {
    const envelope = JSON.parse(payload) as Envelope;
    emitter.emit(envelope.c, envelope.m);
  } catch (error) {
    logger.warn({ err: error }, 'realtime: unreadable notification');
  }
}

/**
 * The bus on a PostgreSQL server (DATABASE_URL): shared by every instance. Publishes go through
 * `pool`; the listening connection comes from `listenPool` (the server itself, when `pool` is a
 * pooler's in transaction mode, where LISTEN has no session to live on).
 */
export async function createPostgresBus(
  pool: pg.Pool,
  logger: FastifyBaseLogger,
  listenPool: pg.Pool = pool,
): Promise<RealtimeBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let client: pg.PoolClient | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const listen = async () => {
    const next = await listenPool.connect();
    next.on('notification', (n) => {
      if (n.channel === NOTIFY_CHANNEL) deliver(emitter, n.payload, logger);
    });
    next.on('error', (error) => {
      logger.warn({ err: error }, 'realtime: listening connection lost');
      next.release(true);
      if (client === next) client = null;
      schedule();
    });
    await next.query(`LISTEN ${NOTIFY_CHANNEL}`);
    client = next;
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      listen()
        .then(() => emitter.emit('*reconnected'))
        .catch((error: unknown) => {
          logger.warn({ err: error }, 'realtime: could not listen again');
          schedule();
        });
    }, 1000);
    retry.unref();
  };
  await listen();

  // Publishes wait for the statement in flight and then go out together (one NOTIFY each, in
  // order): under load, one round trip carries many writes' events instead of one per event.
  let pending: { payload: string; done: (error?: unknown) => void }[] = [];
  let sending = false;
  const send = async () => {
    sending = true;
    while (pending.length > 0) {
      const part = pending.slice(0, NOTIFY_BATCH);
      pending = pending.slice(part.length);
      const calls = part.map((_, at) => `pg_notify($1, $${at + 2})`).join(', ');
      try {
        await pool.query(`select ${calls}`, [NOTIFY_CHANNEL, ...part.map((p) => p.payload)]);
        part.forEach((p) => p.done());
      } catch (error) {
        part.forEach((p) => p.done(error ?? new Error('notify failed')));
      }
    }
    sending = false;
  };

  return {
    publish(channelName, message) {
      return new Promise<void>((resolve, reject) => {
        // The first of a turn starts sending once the turn's other publishes have joined it.
        if (!sending && pending.length === 0) setImmediate(() => void send());
        pending.push({
          payload: encodeEnvelope(channelName, message),
          done: (error) => (error === undefined ? resolve() : reject(error)),
        });
      });
    },
    subscribe(channelName, handler) {
      emitter.on(channelName, handler);
      const reconnected = () =>
        handler({ event: 'realtime.reconnected', id: '', at: new Date().toISOString() });
      emitter.on('*reconnected', reconnected);
      return () => {
        emitter.off(channelName, handler);
        emitter.off('*reconnected', reconnected);
      };
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      emitter.removeAllListeners();
      const current = client;
      client = null;
      if (current) {
        await current.query(`UNLISTEN ${NOTIFY_CHANNEL}`).catch(() => undefined);
        current.release();
      }
    },
  };
}
