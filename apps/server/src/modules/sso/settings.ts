/**
 * An organisation's single sign-on settings (issue #25): read and saved by its owners on
 * Enterprise. Saving checks what it can — the OIDC issuer's discovery answers, the SAML metadata
 * parses — so a typo shows at once rather than at a member's next sign-in.
 */
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import {
  AppError,
  licenseAllows,
  ssoSettingsSchema,
  type License,
  type SsoJitRole,
  type SsoDomainView,
  type SsoProtocol,
  type SsoSettingsView,
} from '@assay/domain';
import type { Config } from '../../config.ts';
import { appOrigin } from '../../http/hosts.ts';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import { decryptSecret, encryptSecret } from '../../platform/crypto.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { AppServices } from '../../services.ts';
import { sessions } from '../auth/schema.ts';
import { organizations, profiles, type OrganizationRow } from '../organizations/schema.ts';
import { domainViews, syncDomains } from './domains.ts';
import { discover } from './oidc-client.ts';
import { assertCanManageSso } from './policy.ts';
import { parseIdpMetadata } from './saml-metadata.ts';
import { organizationSso, type OrganizationSsoRow } from '../organizations/sso-schema.ts';

const SECRET_PURPOSE = 'sso';

/** What to register at the identity provider for an organisation. */
export function serviceProviderOf(
  config: Config,
  slug: string,
): SsoSettingsView['serviceProvider'] {
  const base = `${appOrigin(config)}/api/auth/sso/${slug}`;
  return {
    oidcRedirectUri: `${base}/oidc/callback`,
    samlEntityId: `${base}/saml/metadata`,
    samlAcsUrl: `${base}/saml/acs`,
    samlMetadataUrl: `${base}/saml/metadata`,
    startUrl: `${base}/start`,
  };
}

export function clientSecretOf(config: Config, row: OrganizationSsoRow): string {
  return row.oidcClientSecret
    ? decryptSecret(row.oidcClientSecret, config.appSecret, SECRET_PURPOSE)
    : '';
}

function present(
  config: Config,
  slug: string,
  row: OrganizationSsoRow | undefined,
  domains: SsoDomainView[],
): SsoSettingsView {
  let samlIdp: SsoSettingsView['samlIdp'] = null;
  if (row?.samlMetadataXml) {
    try {
      const parsed = parseIdpMetadata(row.samlMetadataXml);
      samlIdp = { entityId: parsed.entityId, ssoUrl: parsed.ssoUrl };
    } catch {
      samlIdp = null;
    }
  }
  return {
    enabled: row?.enabled ?? false,
    protocol: (row?.protocol ?? 'oidc') as SsoProtocol,
    oidcIssuer: row?.oidcIssuer ?? '',
    oidcClientId: row?.oidcClientId ?? '',
    oidcClientSecretSaved: Boolean(row?.oidcClientSecret),
    samlMetadataXml: row?.samlMetadataXml ?? '',
    samlIdp,
    allowedDomains: row?.allowedDomains ?? [],
    domains,
    requireSso: row?.requireSso ?? false,
    jitRole: (row?.jitRole ?? null) as SsoJitRole | null,
    serviceProvider: serviceProviderOf(config, slug),
  };
}

async function rowOf(db: Executor, organizationId: string) {
  const [row] = await db
    .select()
    .from(organizationSso)
    .where(eq(organizationSso.organizationId, organizationId));
  return row;
}

export async function readSsoSettings(services: AppServices, member: MemberContext) {
  assertCanManageSso(member);
  const db = services.database.db;
  const row = await rowOf(db, member.organization.id);
  const domains = await domainViews(db, member.organization.id, row?.allowedDomains ?? []);
  return present(services.config, member.organization.slug, row, domains);
}

export async function saveSsoSettings(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  assertCanManageSso(member);
  const parsed = ssoSettingsSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError('validation', {
      message: parsed.error.issues[0]?.message ?? 'Please check the form.',
    });
  }
  const settings = parsed.data;
  const organizationId = member.organization.id;
  const before = await rowOf(services.database.db, organizationId);
  const secret =
    settings.oidcClientSecret ||
    (before && before.oidcIssuer === settings.oidcIssuer
      ? clientSecretOf(services.config, before)
      : '');
  if (settings.enabled && settings.protocol === 'oidc') {
    // Discovery must answer, so a wrong issuer shows now.
    await discover(settings.oidcIssuer, settings.oidcClientId, secret);
  }
  if (settings.enabled && settings.protocol === 'saml') parseIdpMetadata(settings.samlMetadataXml);
  const values = {
    enabled: settings.enabled,
    protocol: settings.protocol,
    oidcIssuer: settings.oidcIssuer,
    oidcClientId: settings.oidcClientId,
    oidcClientSecret: secret
      ? encryptSecret(secret, services.config.appSecret, SECRET_PURPOSE)
      : null,
    samlMetadataXml: settings.samlMetadataXml,
    allowedDomains: [...new Set(settings.allowedDomains)],
    requireSso: settings.requireSso,
    jitRole: settings.jitRole,
    updatedAt: new Date(),
  };
  const row = await services.transaction(
    async (unit) => {
      const [saved] = await unit.tx
        .insert(organizationSso)
        .values({ organizationId, ...values })
        .onConflictDoUpdate({ target: organizationSso.organizationId, set: values })
        .returning();
      await syncDomains(unit.tx, organizationId, values.allowedDomains);
      // "Require single sign-on" ends the password sessions its members already have (#47 item
      // 8): owners keep theirs, and sessions single sign-on opened stay.
      if (settings.enabled && settings.requireSso && !before?.requireSso)
        await unit.tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(
            and(
              isNull(sessions.revokedAt),
              isNull(sessions.scopedOrganizationId),
              inArray(
                sessions.userId,
                unit.tx
                  .select({ userId: profiles.userId })
                  .from(profiles)
                  .where(
                    and(eq(profiles.organizationId, organizationId), ne(profiles.role, 'owner')),
                  ),
              ),
            ),
          );
      // The slug check's X-SSO and the sign-in page follow the organisation's flag.
      await unit.tx
        .update(organizations)
        .set({ sso: settings.enabled, updatedAt: new Date() })
        .where(eq(organizations.id, organizationId));
      await unit.record({
        name: 'organizations.sso',
        organizationId,
        actorId: member.profileId,
        subjectType: 'organization',
        subjectId: organizationId,
        changes: {
          enabled: settings.enabled,
          protocol: settings.protocol,
          requireSso: settings.requireSso,
          jitRole: settings.jitRole,
          allowedDomains: values.allowedDomains,
        },
      });
      return saved;
    },
    { context },
  );
  const domains = await domainViews(services.database.db, organizationId, values.allowedDomains);
  return present(services.config, member.organization.slug, row, domains);
}

/** An organisation's single sign-on when it is on (and its plan still has it). */
export async function activeSso(
  db: Executor,
  slug: string,
): Promise<{ organization: OrganizationRow; sso: OrganizationSsoRow } | null> {
  const [found] = await db
    .select({ organization: organizations, sso: organizationSso })
    .from(organizations)
    .innerJoin(organizationSso, eq(organizationSso.organizationId, organizations.id))
    .where(eq(organizations.slug, slug));
  if (!found?.sso.enabled) return null;
  if (!licenseAllows(found.organization.license as License, 'singleSignOn')) return null;
  return found;
}
