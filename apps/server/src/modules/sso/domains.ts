/**
 * The domains an organisation's single sign-on may sign in (issue #47). An owner lists them in
 * the settings; each must then be proved: a TXT record at `_assay-challenge.<domain>` that the
 * server reads, or a confirmation mail to an administrative mailbox of the domain (admin@,
 * hostmaster@…), which works with the embedded mail too. Until a domain is verified nobody at it
 * signs in through the organisation's identity provider.
 */
import { and, eq, inArray, isNotNull, isNull, lt, notInArray, or } from 'drizzle-orm';
import {
  AppError,
  ssoTxtName,
  ssoTxtValue,
  type SsoDomainMailbox,
  type SsoDomainView,
} from '@assay/domain';
import { appOrigin } from '../../http/hosts.ts';
import type { MemberContext } from '../../http/member-context.ts';
import { randomToken } from '../../platform/crypto.ts';
import type { Executor } from '../../platform/db/index.ts';
import { createDnsClient } from '../../platform/dns/index.ts';
import type { AppServices } from '../../services.ts';
import { consumeToken, findLiveToken, issueToken } from '../auth/tokens-port.ts';
import { ssoDomainMail } from '../mail/ports.ts';
import { assertCanManageSso } from './policy.ts';
import { ssoDomains } from './schema.ts';

/** One confirmation mail per domain every ten minutes; its link works for a day. */
export const DOMAIN_MAIL_INTERVAL_MS = 10 * 60 * 1000;
const DOMAIN_MAIL_TTL_MS = 24 * 60 * 60 * 1000;

/** Keeps a row for each allowed domain (a challenge of its own) and none for the others. */
export async function syncDomains(db: Executor, organizationId: string, domains: string[]) {
  if (domains.length > 0)
    await db
      .insert(ssoDomains)
      .values(domains.map((domain) => ({ organizationId, domain, challenge: randomToken(18) })))
      .onConflictDoNothing();
  await db
    .delete(ssoDomains)
    .where(
      and(
        eq(ssoDomains.organizationId, organizationId),
        domains.length > 0 ? notInArray(ssoDomains.domain, domains) : undefined,
      ),
    );
}

export async function domainViews(
  db: Executor,
  organizationId: string,
  domains: string[],
): Promise<SsoDomainView[]> {
  if (domains.length === 0) return [];
  await syncDomains(db, organizationId, domains);
  const rows = await db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.organizationId, organizationId), inArray(ssoDomains.domain, domains)));
  return domains.flatMap((domain) => {
    const row = rows.find((r) => r.domain === domain);
    if (!row) return [];
    return [
      {
        domain,
        verified: row.verifiedAt !== null,
        verifiedBy: (row.verifiedBy ?? null) as SsoDomainView['verifiedBy'],
        txtName: ssoTxtName(domain),
        txtValue: ssoTxtValue(row.challenge),
        mailSentTo: row.mailSentTo,
      },
    ];
  });
}

/** The organisation's verified domains, for a sign-in. */
export async function verifiedDomains(db: Executor, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.organizationId, organizationId), isNotNull(ssoDomains.verifiedAt)));
  return rows.map((r) => r.domain);
}

async function domainRow(db: Executor, organizationId: string, domain: string) {
  const [row] = await db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.organizationId, organizationId), eq(ssoDomains.domain, domain)));
  if (!row) throw new AppError('notFound');
  return row;
}

async function markVerified(
  db: Executor,
  organizationId: string,
  domain: string,
  by: 'dns' | 'mail',
) {
  await db
    .update(ssoDomains)
    .set({ verifiedAt: new Date(), verifiedBy: by })
    .where(
      and(
        eq(ssoDomains.organizationId, organizationId),
        eq(ssoDomains.domain, domain),
        isNull(ssoDomains.verifiedAt),
      ),
    );
}

/** Reads the domain's TXT record; verified when it holds this organisation's value. */
export async function checkDomainDns(services: AppServices, member: MemberContext, domain: string) {
  assertCanManageSso(member);
  const organizationId = member.organization.id;
  const row = await domainRow(services.database.db, organizationId, domain);
  if (row.verifiedAt) return { verified: true };
  let records: string[];
  try {
    records = await createDnsClient(services.config.dnsServers).txt(ssoTxtName(domain));
  } catch (error) {
    throw new AppError('ssoDomainCheckFailed', {
      context: `the DNS server did not answer (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    });
  }
  if (!records.map((r) => r.trim()).includes(ssoTxtValue(row.challenge)))
    throw new AppError('ssoDomainCheckFailed', {
      context:
        records.length > 0
          ? `${ssoTxtName(domain)} holds other values`
          : `${ssoTxtName(domain)} has no TXT record`,
    });
  await markVerified(services.database.db, organizationId, domain, 'dns');
  return { verified: true };
}

/**
 * Mails a confirmation link to an administrative mailbox of the domain: once every ten minutes
 * per domain, taken by one conditional update, so forty requests at once send one mail.
 */
export async function mailDomainConfirmation(
  services: AppServices,
  member: MemberContext,
  domain: string,
  mailbox: SsoDomainMailbox,
) {
  assertCanManageSso(member);
  const organizationId = member.organization.id;
  const row = await domainRow(services.database.db, organizationId, domain);
  if (row.verifiedAt) return { sent: false, verified: true };
  const to = `${mailbox}@${domain}`;
  const now = new Date();
  const taken = await services.database.db
    .update(ssoDomains)
    .set({ mailSentAt: now, mailSentTo: to })
    .where(
      and(
        eq(ssoDomains.organizationId, organizationId),
        eq(ssoDomains.domain, domain),
        or(
          isNull(ssoDomains.mailSentAt),
          lt(ssoDomains.mailSentAt, new Date(now.getTime() - DOMAIN_MAIL_INTERVAL_MS)),
        ),
      ),
    )
    .returning({ domain: ssoDomains.domain });
  if (taken.length === 0) throw new AppError('ssoDomainMailTooSoon');
  const token = await issueToken(services.database.db, {
    kind: 'ssoDomain',
    email: to,
    ttlMs: DOMAIN_MAIL_TTL_MS,
    data: { organizationId, domain, challenge: row.challenge },
  });
  const url = `${appOrigin(services.config)}/sso-domain?token=${token}`;
  await services.mailer.send(ssoDomainMail(to, member.organization.name, domain, url));
  return { sent: true, verified: false };
}

/** The link in that mail, confirmed on its page (a POST: a mail scanner's GET does nothing). */
export async function confirmDomainByMail(services: AppServices, raw: string) {
  return services.transaction(async ({ tx }) => {
    const token = await findLiveToken(tx, raw, ['ssoDomain']);
    await consumeToken(tx, token);
    const { organizationId, domain, challenge } = token.data as Record<string, string>;
    const row = await domainRow(tx, organizationId ?? '', domain ?? '').catch(() => null);
    // The domain was removed, or removed and added again (a new challenge), since the mail left.
    if (!row || row.challenge !== challenge) throw new AppError('tokenExpired');
    await markVerified(tx, row.organizationId, row.domain, 'mail');
    return { domain: row.domain };
  });
}
