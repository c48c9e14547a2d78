/** The REST client: JSON in, JSON out, errors as `{ statusCode, message, ref }`. */
import { restBodyToApiError, unknownResponseError } from './errors.ts';
import { httpFetch, readJson, type HttpOptions } from './http.ts';

export async function restRequest<T>(url: string, options: HttpOptions = {}): Promise<T> {
  const response = await httpFetch(url, options);
  const body = await readJson(response);
  if (!response.ok) {
    if (body === undefined) throw unknownResponseError(response.status);
    throw restBodyToApiError(body, response.status);
  }
  if (body === undefined) throw unknownResponseError(response.status);
  return body as T;
}

/** The last answer to each revalidated address, with its ETag (a few boards at most). */
const revalidated = new Map<string, { etag: string; body: unknown }>();
const MAX_REVALIDATED = 8;

/**
 * A GET the server answers with an ETag (a board of a thousand cards): the next read offers it and
 * a 304 reuses the answer already here instead of sending and parsing it again.
 */
export async function revalidatedRequest<T>(url: string, options: HttpOptions = {}): Promise<T> {
  const known = revalidated.get(url);
  const response = await httpFetch(url, {
    ...options,
    headers: { ...options.headers, ...(known ? { 'if-none-match': known.etag } : {}) },
  });
  if (response.status === 304 && known) return known.body as T;
  const body = await readJson(response);
  if (!response.ok) {
    if (body === undefined) throw unknownResponseError(response.status);
    throw restBodyToApiError(body, response.status);
  }
  if (body === undefined) throw unknownResponseError(response.status);
  const etag = response.headers.get('etag');
  revalidated.delete(url);
  if (etag) {
    revalidated.set(url, { etag, body });
    for (const oldest of revalidated.keys()) {
      if (revalidated.size <= MAX_REVALIDATED) break;
      revalidated.delete(oldest);
    }
  }
  return body as T;
}
