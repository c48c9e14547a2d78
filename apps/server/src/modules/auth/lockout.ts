/** Sign-in lockouts per account and per address, kept in the database so instances agree. */
import { and, count, eq, gt, inArray, lt } from 'drizzle-orm';
import { AUTH_LIMITS } from '@assay/domain';
import type { Executor } from '../../platform/db/index.ts';
import { loginFailures } from './schema.ts';

export const accountKey = (email: string) => `email:${email.toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

async function failuresSince(db: Executor, key: string): Promise<number> {
  const since = new Date(Date.now() - AUTH_LIMITS.lockoutWindowMs);
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.createdAt, since)));
  return Number(row?.n ?? 0);
}

export interface AttemptState {
  /** Attempts left for the account before it is locked. */
  remaining: number;
  locked: boolean;
}

export async function attemptState(db: Executor, email: string, ip: string): Promise<AttemptState> {
  const [byAccount, byAddress] = await Promise.all([
    failuresSince(db, accountKey(email)),
    failuresSince(db, addressKey(ip)),
  ]);
  const remaining = Math.max(0, AUTH_LIMITS.attemptsPerAccount - byAccount);
  return { remaining, locked: remaining === 0 || byAddress >= AUTH_LIMITS.attemptsPerAddress };
}

export async function recordFailure(db: Executor, email: string, ip: string): Promise<void> {
  await db.insert(loginFailures).values([{ key: accountKey(email) }, { key: addressKey(ip) }]);
  // Old rows are of no further use.
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.createdAt, new Date(Date.now() - 2 * AUTH_LIMITS.lockoutWindowMs)));
}

export async function clearFailures(db: Executor, email: string): Promise<void> {
  await db.delete(loginFailures).where(inArray(loginFailures.key, [accountKey(email)]));
}
