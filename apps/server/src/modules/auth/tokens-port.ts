/** Single-use, expiring tokens (signup, invite, resetPassword, changeEmail, handoff). */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { AppError } from '@assay/domain';
import { hashToken, randomToken } from '../../platform/crypto.ts';
import type { Executor } from '../../platform/db/index.ts';
import { authTokens, type AuthTokenRow } from './schema.ts';

export type TokenKind =
  'signup' | 'invite' | 'resetPassword' | 'changeEmail' | 'handoff' | 'ssoDomain' | 'ssoLink';

/** Issues a token and returns its raw value (only its hash is stored). */
export async function issueToken(
  db: Executor,
  options: {
    kind: TokenKind;
    ttlMs: number;
    email?: string;
    userId?: string;
    data?: Record<string, unknown>;
  },
): Promise<string> {
  const raw = randomToken();
  await db.insert(authTokens).values({
    kind: options.kind,
    tokenHash: hashToken(raw),
    email: options.email,
    userId: options.userId,
    data: options.data ?? {},
    expiresAt: new Date(Date.now() + options.ttlMs),
  });
  return raw;
}

/** A live (unused, unexpired) token of one of the kinds, or the expired-link error. */
export async function findLiveToken(
  db: Executor,
  raw: string | undefined,
  kinds: readonly TokenKind[],
): Promise<AuthTokenRow> {
  if (!raw || raw.length > 200) throw new AppError('tokenExpired');
  // Lookup by hash: the comparison happens on a digest, so timing reveals nothing of the token.
  const [row] = await db
    .select()
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(raw)),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    );
  if (!row || !kinds.includes(row.kind as TokenKind)) throw new AppError('tokenExpired');
  return row;
}

/** Marks a token used; a second use (even a concurrent one) fails. */
export async function consumeToken(db: Executor, row: AuthTokenRow): Promise<void> {
  const used = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.id, row.id), isNull(authTokens.usedAt)))
    .returning({ id: authTokens.id });
  if (used.length === 0) throw new AppError('tokenExpired');
}
