/**
 * Recurly's webhook signature (#30): the `recurly-signature` header is a Unix time in
 * milliseconds followed by one or more signatures, comma-separated; each is the hex HMAC-SHA256,
 * with the endpoint's secret key, of "{time}.{raw body}". A notification is taken when one
 * signature matches and its time is within the tolerance (5 minutes, as Recurly's libraries).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'recurly-signature';
export const SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;

const hmac = (key: string, text: string) => createHmac('sha256', key).update(text).digest('hex');

export function signWebhook(key: string, body: string, at = Date.now()): string {
  return `${at},${hmac(key, `${at}.${body}`)}`;
}

export function verifyWebhook(
  key: string,
  header: string | undefined,
  body: string,
  now = Date.now(),
): boolean {
  if (!header) return false;
  const [time, ...signatures] = header.split(',').map((part) => part.trim());
  const at = Number(time);
  if (!Number.isFinite(at) || Math.abs(now - at) > SIGNATURE_TOLERANCE_MS) return false;
  const expected = Buffer.from(hmac(key, `${time}.${body}`), 'hex');
  return signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
