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
