/** Sessions: random tokens in an httpOnly cookie, stored hashed, rotated on sign-in. */
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { prepared } from '../../platform/db/prepared.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, AUTH_LIMITS, DEVICE_COOKIE, SESSION_COOKIE } from '@assay/domain';
import type { Config } from '../../config.ts';
import { sharedCookieDomain } from '../../http/hosts.ts';
import { hashToken, randomToken } from '../../platform/crypto.ts';
import type { Executor } from '../../platform/db/index.ts';
import {
  sessions,
  userSessionColumns,
  users,
  type SessionRow,
  type SessionUser,
} from './schema.ts';

export interface AuthContext {
  user: SessionUser;
  session: SessionRow;
}

const SESSION_MS = AUTH_LIMITS.sessionDays * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often per session. */
const SEEN_EVERY_MS = 5 * 60 * 1000;

export async function createSession(
  db: Executor,
  userId: string,
  request: FastifyRequest,
  options: { scopedOrganizationId?: string | null } = {},
): Promise<{ token: string; session: SessionRow }> {
  const token = randomToken();
  const [session] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      ip: request.ip,
      userAgent: (request.headers['user-agent'] ?? '').slice(0, 400),
      expiresAt: new Date(Date.now() + SESSION_MS),
      scopedOrganizationId: options.scopedOrganizationId ?? null,
    })
    .returning();
  if (!session) throw new Error('session insert returned no row');
  return { token, session };
}

/** The signed-in user of a session token, or null. */
export async function resolveSession(
  db: Executor,
  token: string | undefined,
): Promise<AuthContext | null> {
  if (!token || token.length > 200) return null;
  const query = prepared(db, 'session_by_token', (d) =>
    d
      .select({ session: sessions, user: userSessionColumns })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('hash')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
        ),
      )
      .prepare('session_by_token'),
  );
  const [row] = await query.execute({ hash: hashToken(token), now: new Date().toISOString() });
  if (!row) return null;
  await noteSessionSeen(db, row.session);
  return row;
}

/** Writes last_seen_at, at most every five minutes per session. */
export async function noteSessionSeen(db: Executor, session: SessionRow): Promise<void> {
  if (Date.now() - session.lastSeenAt.getTime() > SEEN_EVERY_MS) {
    const now = new Date();
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
    // A cached session (the identity cache, #53) knows it was noted.
    session.lastSeenAt = now;
  }
}

export async function revokeSession(
  db: Executor,
  sessionId: string,
  userId: string,
): Promise<boolean> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length > 0;
}

/** Revokes every session of a user, but the one to keep (if any). */
export async function revokeAllSessions(db: Executor, userId: string, keepSessionId?: string) {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
}

export async function listSessions(db: Executor, userId: string): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .orderBy(sessions.lastSeenAt);
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string) {
  const domain = sharedCookieDomain(config.appDomain);
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.protocol === 'https',
    maxAge: SESSION_MS / 1000,
    ...(domain ? { domain } : {}),
  });
}

/** The browser's device token (decision 006): a year, sent only to the sign-in routes. */
export function setDeviceCookie(reply: FastifyReply, config: Config, token: string) {
  const domain = sharedCookieDomain(config.appDomain);
  reply.setCookie(DEVICE_COOKIE, token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.protocol === 'https',
    maxAge: 365 * 24 * 60 * 60,
    ...(domain ? { domain } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  const domain = sharedCookieDomain(config.appDomain);
  reply.clearCookie(SESSION_COOKIE, { path: '/', ...(domain ? { domain } : {}) });
}

/**
 * Changing the account itself (email, password, two-step verification, personal tokens) needs a
 * session the account opened, not one single sign-on opened for one organisation.
 */
export function requireAccountSession(auth: AuthContext): AuthContext {
  if (auth.session.scopedOrganizationId) throw new AppError('forbidden');
  return auth;
}
