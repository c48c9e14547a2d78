/** A download: its type, never cached, named for the browser in ASCII and in UTF-8. */
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export function attachment(
  reply: FastifyReply,
  filename: string,
  type: string,
  body: Uint8Array | string | Readable,
) {
  const ascii = filename.replace(/[^\w. -]+/g, '_');
  return reply
    .header('content-type', type)
    .header('cache-control', 'no-store')
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    )
    .send(body instanceof Uint8Array && !Buffer.isBuffer(body) ? Buffer.from(body) : body);
}
