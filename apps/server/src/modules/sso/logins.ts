/**
 * Sign-ins under way at an identity provider. Each is taken back once (a delete that returns the
 * row), so an answer replayed — or sent twice at once — finds nothing the second time; it must
 * come back to the browser that started it, within ten minutes.
 */
import { and, eq, lt } from 'drizzle-orm';
import { AppError } from '@assay/domain';
import type { Executor } from '../../platform/db/index.ts';
import { ssoLogins } from './schema.ts';

export const LOGIN_TTL_MS = 10 * 60 * 1000;

export async function beginLogin(
  db: Executor,
  login: {
    id: string;
    organizationId: string;
    protocol: 'oidc' | 'saml';
    browser: string;
    path: string;
    codeVerifier?: string;
    nonce?: string;
  },
): Promise<void> {
  // Old, abandoned sign-ins go as new ones begin.
  await db.delete(ssoLogins).where(lt(ssoLogins.expiresAt, new Date()));
  await db.insert(ssoLogins).values({ ...login, expiresAt: new Date(Date.now() + LOGIN_TTL_MS) });
}

export async function takeLogin(db: Executor, id: string, organizationId: string, browser: string) {
  const [row] = await db
    .delete(ssoLogins)
    .where(and(eq(ssoLogins.id, id), eq(ssoLogins.organizationId, organizationId)))
    .returning();
  if (!row || row.expiresAt.getTime() < Date.now())
    throw new AppError('ssoExpired', { context: row ? 'expired' : 'unknown or already used' });
  if (row.browser !== browser)
    throw new AppError('ssoExpired', { context: 'started in another browser' });
  return row;
}

/** Whether a SAML request id is still waiting (node-saml's InResponseTo check reads this). */
export async function loginWaiting(db: Executor, id: string): Promise<Date | null> {
  const [row] = await db.select().from(ssoLogins).where(eq(ssoLogins.id, id));
  return row && row.expiresAt.getTime() >= Date.now() ? row.createdAt : null;
}
