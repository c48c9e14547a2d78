/**
 * The customer-support chat widget's settings for the page (part 1 §7.4): who the person is
 * (email, name, and the user hash: an HMAC of their id with the identity-verification secret,
 * computed here so the secret never reaches a browser), their organisation (company, tier) and
 * its usage counts. Null when the widget is not configured or nobody is signed in.
 */
import { createHmac } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { LICENSE_NAMES, type License } from '@assay/domain';
import type { AppServices } from '../../services.ts';
import { cards } from '../cards/schema.ts';
import { countMembers } from '../organizations/ports.ts';
import type { OrganizationRow } from '../organizations/schema.ts';
import { countOrganizationProjects } from '../projects/ports.ts';

/** HMAC-SHA256 of the user's id, hex: what the widget's identity verification checks. */
export function supportUserHash(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(userId).digest('hex');
}

export async function supportChatSettings(
  services: AppServices,
  user: { id: string; email: string; firstName: string; lastName: string; createdAt: Date } | null,
  organization: OrganizationRow | null,
) {
  const chat = services.config.supportChat;
  if (!chat || !user) return null;
  const { db } = services.database;
  let company = null;
  if (organization) {
    const org = organization.id;
    const [projectCount, members, [evidenceCount]] = await Promise.all([
      countOrganizationProjects(db, org),
      countMembers(db, org),
      db
        .select({ n: count() })
        .from(cards)
        .where(
          and(eq(cards.organizationId, org), eq(cards.isEvidence, true), isNull(cards.deletedAt)),
        ),
    ]);
    company = {
      id: organization.id,
      name: organization.name,
      tier: LICENSE_NAMES[organization.license as License] ?? organization.license,
      createdAt: Math.floor(organization.createdAt.getTime() / 1000),
      usage: {
        projects: projectCount,
        members: members.active,
        evidence: evidenceCount?.n ?? 0,
      },
    };
  }
  return {
    appId: chat.appId,
    scriptUrl: `${chat.scriptUrl.replace(/\/?$/, '/')}${chat.appId}`,
    user: {
      id: user.id,
      email: user.email,
      name: `${user.firstName} ${user.lastName}`.trim(),
      createdAt: Math.floor(user.createdAt.getTime() / 1000),
      userHash: chat.secret ? supportUserHash(chat.secret, user.id) : null,
    },
    company,
  };
}
