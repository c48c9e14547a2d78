/**
 * Browsers an account has signed in from (decision 006, #47 item 7): a random token in an
 * httpOnly cookie, kept hashed beside the account's known devices. It lets the account's owner
 * through a lock that someone else's wrong guesses set — with the right password and second
 * factor still — and proves nothing else.
 */
import { and, eq } from 'drizzle-orm';
import { hashToken, randomToken } from '../../platform/crypto.ts';
import type { Executor } from '../../platform/db/index.ts';
import { knownDevices } from './schema.ts';

const deviceHash = (token: string) => hashToken(`device-cookie\n${token}`);

export async function knownDevice(db: Executor, userId: string, token: string | undefined) {
  if (!token || token.length > 200) return false;
  const [row] = await db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, deviceHash(token))));
  return Boolean(row);
}

/** Keeps this browser as the account's; answers a new token to set when it had none of its own. */
export async function rememberDevice(
  db: Executor,
  userId: string,
  token: string | undefined,
): Promise<string | null> {
  if (await knownDevice(db, userId, token)) return null;
  const fresh = randomToken();
  await db
    .insert(knownDevices)
    .values({ userId, deviceHash: deviceHash(fresh) })
    .onConflictDoNothing();
  return fresh;
}
