/**
 * Answers kept as ready-to-send bytes (issue #28): a large answer that many requests share (a
 * board of a thousand cards) is serialized once, sent with its length and an ETag, answered with
 * 304 when the client already has it, and compressed once per encoding the clients ask for.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

type Encoding = 'br' | 'gzip';

/** Below this size compressing costs more than it saves on a local network. */
const COMPRESS_FROM = 16 * 1024;

export class PreparedJson {
  private readonly encodings = new Map<Encoding, Buffer>();

  readonly body: Buffer;
  readonly etag: string;

  constructor(body: Buffer, etag: string) {
    this.body = body;
    this.etag = etag;
  }

  /** The body in an encoding, compressed the first time it is asked for. */
  encoded(encoding: Encoding): Buffer {
    let bytes = this.encodings.get(encoding);
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? brotliCompressSync(this.body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 5,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.body.length,
              },
            })
          : gzipSync(this.body, { level: 6 });
      this.encodings.set(encoding, bytes);
    }
    return bytes;
  }

  /** What it holds in memory, compressed copies included. */
  get size(): number {
    let size = this.body.length;
    for (const bytes of this.encodings.values()) size += bytes.length;
    return size;
  }
}

/** Bytes from JSON pieces (strings or bytes already made), with an ETag naming what they show. */
export function prepareJson(
  pieces: ReadonlyArray<string | Buffer>,
  identity: string,
): PreparedJson {
  const body = Buffer.concat(pieces.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
  const etag = `W/"${createHash('sha1').update(identity).digest('base64url')}"`;
  return new PreparedJson(body, etag);
}

function preferredEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  for (const encoding of ['br', 'gzip'] as const)
    if ((accepted.get(encoding) ?? 0) > 0) return encoding;
  return null;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === bare || tag === '*');
}

/** Sends prepared bytes: 304 on a matching ETag, compressed when the client accepts it. */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedJson,
): FastifyReply {
  reply.header('etag', prepared.etag).header('vary', 'accept-encoding');
  if (matches(request.headers['if-none-match'], prepared.etag)) return reply.code(304).send();
  reply.header('content-type', 'application/json; charset=utf-8');
  const encoding =
    prepared.body.length >= COMPRESS_FROM
      ? preferredEncoding(request.headers['accept-encoding'])
      : null;
  if (!encoding) return reply.send(prepared.body);
  return reply.header('content-encoding', encoding).send(prepared.encoded(encoding));
}

/** Prepared answers kept by key, the least recently used dropped beyond a byte budget. */
export class PreparedCache {
  private readonly entries = new Map<string, PreparedJson>();

  private readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get(key: string): PreparedJson | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, prepared: PreparedJson): void {
    this.entries.delete(key);
    this.entries.set(key, prepared);
    let total = 0;
    for (const entry of this.entries.values()) total += entry.size;
    for (const [oldest, entry] of this.entries) {
      if (total <= this.maxBytes || oldest === key) break;
      total -= entry.size;
      this.entries.delete(oldest);
    }
  }
}
