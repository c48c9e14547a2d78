/**
 * Input no text field can hold (issue #25 weakness 6): a JSON body that is not valid UTF-8, and
 * a NUL character anywhere in the body, the query string or the path, are refused with the
 * catalogue's 400 before any handler runs — PostgreSQL cannot store NUL in text, and invalid
 * UTF-8 would otherwise be saved as replacement characters.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '@assay/domain';

const strict = new TextDecoder('utf-8', { fatal: true });

/**
 * True when a value (or anything inside it) is a string holding a NUL character. Only parsed
 * JSON, query and path values are looked into: an upload's bytes (a Buffer or a stream) are not
 * text and are left alone.
 */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  // bytes and streams (an upload's body) are not text
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return false;
  if (typeof (value as { pipe?: unknown }).pipe === 'function') return false;
  return Object.entries(value as Record<string, unknown>).some(
    ([key, v]) => key.includes('\u0000') || holdsNul(v, depth + 1),
  );
}

const refused = (context: string) => new AppError('validation', { context });

export function registerInputGuard(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer' },
    (request, body: Buffer, done) => {
      let text: string;
      try {
        text = strict.decode(body);
      } catch {
        done(refused('The request is not valid UTF-8.'), undefined);
        return;
      }
      parseJson(request, text, done);
    },
  );
  app.addHook('preHandler', async (request) => {
    if (holdsNul(request.body) || holdsNul(request.query) || holdsNul(request.params))
      throw refused('Text cannot hold NUL characters.');
  });
}
