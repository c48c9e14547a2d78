/** Request ids: the proxy's `x-request-id` when it looks like one, else a new UUID. */
import { randomUUID } from 'node:crypto';

const SAFE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** A request's id: the proxy's `x-request-id` when it looks like one, else a new UUID. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && SAFE_ID.test(value) ? value : randomUUID();
}
