/**
 * Which accounts an organisation's single sign-on may sign in to (issue #47). An identity
 * provider vouches for an address, not for the Assay account that has it: an account single sign-on
 * did not make is linked only once its owner proves it — with the link mailed to the account, or
 * by being signed in to it (password and, when on, second factor) when the provider answers. The
 * link is per organisation.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { AppError } from '@assay/domain';
import { appOrigin } from '../../http/hosts.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { AppServices } from '../../services.ts';
import { sendSecurityMail } from '../auth/ports.ts';
import { authTokens, users } from '../auth/schema.ts';
import { organizations } from '../organizations/schema.ts';
import { consumeToken, findLiveToken, issueToken } from '../auth/tokens-port.ts';
import { ssoLinkMail } from '../mail/ports.ts';
import { ssoLinks } from './schema.ts';

const LINK_TTL_MS = 60 * 60 * 1000;
/** At most one link mail per account and organisation in this time. */
export const LINK_MAIL_INTERVAL_MS = 10 * 60 * 1000;

export type LinkProof = 'created' | 'mail' | 'session';

export async function isLinked(db: Executor, organizationId: string, userId: string) {
  const [row] = await db
    .select({ userId: ssoLinks.userId })
    .from(ssoLinks)
    .where(and(eq(ssoLinks.organizationId, organizationId), eq(ssoLinks.userId, userId)));
  return Boolean(row);
}

/** Answers true when this call made the link (false: it was there). */
export async function linkAccount(
  db: Executor,
  organizationId: string,
  userId: string,
  provedBy: LinkProof,
): Promise<boolean> {
  const made = await db
    .insert(ssoLinks)
    .values({ organizationId, userId, provedBy })
    .onConflictDoNothing()
    .returning({ userId: ssoLinks.userId });
  return made.length > 0;
}

/**
 * Mails the account a link that allows the organisation's single sign-on, unless one went in the
 * last ten minutes (the lock makes forty sign-ins at once send one mail).
 */
export async function requestLink(
  services: AppServices,
  organization: { id: string; name: string },
  user: { id: string; email: string },
  path: string,
): Promise<void> {
  const url = await services.transaction(async ({ tx }) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sso-link:${user.id}`}))`);
    const [recent] = await tx
      .select({ id: authTokens.id })
      .from(authTokens)
      .where(
        and(
          eq(authTokens.kind, 'ssoLink'),
          eq(authTokens.userId, user.id),
          sql`${authTokens.data}->>'organizationId' = ${organization.id}`,
          gt(authTokens.createdAt, new Date(Date.now() - LINK_MAIL_INTERVAL_MS)),
        ),
      )
      .limit(1);
    if (recent) return null;
    const token = await issueToken(tx, {
      kind: 'ssoLink',
      userId: user.id,
      email: user.email,
      ttlMs: LINK_TTL_MS,
      data: { organizationId: organization.id, path },
    });
    return `${appOrigin(services.config)}/sso-link?token=${token}`;
  });
  if (url) await services.mailer.send(ssoLinkMail(user.email, organization.name, url));
}

/**
 * The mailed link, confirmed on its page: links the account and tells it by mail; answers the
 * organisation and where the person was going, for single sign-on to start again (a fresh answer
 * from the provider, now for a linked account).
 */
export async function confirmLink(services: AppServices, raw: string) {
  const linked = await services.transaction(async ({ tx }) => {
    const token = await findLiveToken(tx, raw, ['ssoLink']);
    await consumeToken(tx, token);
    const organizationId = String(token.data.organizationId ?? '');
    const [organization] = await tx
      .select({ name: organizations.name, slug: organizations.slug })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    const [user] = token.userId
      ? await tx.select({ email: users.email }).from(users).where(eq(users.id, token.userId))
      : [];
    if (!token.userId || !organization || !user) throw new AppError('tokenExpired');
    await linkAccount(tx, organizationId, token.userId, 'mail');
    return {
      organization,
      email: user.email,
      path: typeof token.data.path === 'string' ? token.data.path : '/',
    };
  });
  await sendSecurityMail(services, linked.email, {
    kind: 'ssoLinked',
    organization: linked.organization.name,
    by: 'mail',
  });
  return linked;
}
