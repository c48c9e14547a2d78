/**
 * Sign-in lockouts per account and per address, kept in the database so instances agree.
 *
 * An attempt is counted before the password is checked, by one upsert per key that takes the
 * row's lock (a fresh window starts when the last one has passed): of 40 parallel attempts on one
 * account, only the first five get a count within the limit and have their password evaluated;
 * the rest are refused at once (ref 48). A right password hands its count back; a wrong one
 * keeps it as the failure. The reset link clears the account's count (issue #25).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { AUTH_LIMITS } from '@assay/domain';
import type { Executor } from '../../platform/db/index.ts';
import { loginAttempts } from './schema.ts';

export const accountKey = (email: string) => `email:${email.toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

/** Counts one attempt on a key and answers the count in the current window. */
async function countAttempt(
  db: Executor,
  key: string,
  now: Date,
  windowMs: number = AUTH_LIMITS.lockoutWindowMs,
): Promise<number> {
  const since = new Date(now.getTime() - windowMs);
  const expired = sql`${loginAttempts.windowStart} <= ${since.toISOString()}`;
  const [row] = await db
    .insert(loginAttempts)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        count: sql`case when ${expired} then 1 else ${loginAttempts.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${loginAttempts.windowStart} end`,
      },
    })
    .returning({ count: loginAttempts.count });
  return row?.count ?? 1;
}

export interface Attempt {
  /** Whether the password may be checked: both counts within their limits. */
  allowed: boolean;
  /** Attempts left for the account after this one. */
  remaining: number;
  /** Seconds until the window that locked it ends (for Retry-After). */
  retryAfterSeconds: number;
  /** Only the account's count is past its limit (not the address's). */
  accountOnly: boolean;
}

/** Counts an attempt on the account and the address before anything is checked. */
export async function beginAttempt(
  db: Executor,
  email: string,
  ip: string,
  now = new Date(),
): Promise<Attempt> {
  const byAccount = await countAttempt(db, accountKey(email), now);
  const byAddress = await countAttempt(db, addressKey(ip), now);
  const allowed =
    byAccount <= AUTH_LIMITS.attemptsPerAccount && byAddress <= AUTH_LIMITS.attemptsPerAddress;
  const windows = await db
    .select({ windowStart: loginAttempts.windowStart })
    .from(loginAttempts)
    .where(inArray(loginAttempts.key, [accountKey(email), addressKey(ip)]));
  const ends = Math.max(
    ...windows.map((w) => w.windowStart.getTime() + AUTH_LIMITS.lockoutWindowMs),
    now.getTime(),
  );
  return {
    allowed,
    accountOnly: !allowed && byAddress <= AUTH_LIMITS.attemptsPerAddress,
    remaining: Math.max(0, AUTH_LIMITS.attemptsPerAccount - byAccount),
    retryAfterSeconds: Math.max(1, Math.ceil((ends - now.getTime()) / 1000)),
  };
}

/** Hands an attempt back: it was not a failure (a right password, or a second factor asked). */
export async function releaseAttempt(db: Executor, email: string, ip: string): Promise<void> {
  await db
    .update(loginAttempts)
    .set({ count: sql`greatest(${loginAttempts.count} - 1, 0)` })
    .where(inArray(loginAttempts.key, [accountKey(email), addressKey(ip)]));
}

/** A successful sign-in or a password reset: the account starts afresh. */
export async function clearFailures(db: Executor, email: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, accountKey(email)));
}

/**
 * Account mail is counted per address and purpose: the reset has its own allowance, so sign-up
 * requests for an address cannot use up the mail that is its owner's way back in (#47 item 7).
 */
export type MailPurpose = 'signup' | 'reset' | 'changeEmail';
export const recipientKey = (email: string, purpose: MailPurpose = 'signup') =>
  purpose === 'signup' ? `mail:${email.toLowerCase()}` : `mail:${purpose}:${email.toLowerCase()}`;

/**
 * Whether one more account mail (sign-up confirmation, "you already have an account", password
 * reset) may go to this address this hour: at most AUTH_LIMITS.mailsPerRecipientPerHour, counted
 * atomically, so a flood of anonymous requests cannot fill one inbox (issue #25 weakness 7). The
 * caller answers the same either way, so nobody learns whether the address has an account.
 */
export async function mayMail(
  db: Executor,
  email: string,
  purpose: MailPurpose,
  now = new Date(),
): Promise<boolean> {
  const sent = await countAttempt(db, recipientKey(email, purpose), now, 60 * 60 * 1000);
  return sent <= AUTH_LIMITS.mailsPerRecipientPerHour;
}
