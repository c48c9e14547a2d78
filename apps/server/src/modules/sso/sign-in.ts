/**
 * The end of every single sign-on (OIDC or SAML), issue #47's model: the address must be at a
 * domain the organisation verified, and verified by the provider; an account single sign-on did
 * not make must have been linked to this organisation by its owner (else a link is mailed to it
 * and nobody is signed in); then the person must be a member — or join just in time with the
 * settings' role, or by their pending invitation; the account is told by mail, and a handoff into
 * the organisation opens a session scoped to it.
 */
import { AppError, emailDomainAllowed } from '@assay/domain';
import type { AppServices } from '../../services.ts';
import {
  accountForExternalIdentity,
  sendSecurityMail,
  ssoHandoff,
  type AuthContext,
  type ExternalIdentity,
} from '../auth/ports.ts';
import type { OrganizationRow } from '../organizations/schema.ts';
import {
  findMembership,
  joinBySso,
  joinOrganization,
  pendingInvites,
} from '../organizations/ports.ts';
import type { OrganizationSsoRow } from '../organizations/sso-schema.ts';
import { verifiedDomains } from './domains.ts';
import { isLinked, linkAccount, requestLink } from './links.ts';

export interface SsoIdentity extends ExternalIdentity {
  /** OIDC's email_verified; SAML assertions carry no such claim (the verified domain stands). */
  emailVerified: boolean;
}

export async function completeSsoSignIn(
  services: AppServices,
  found: { organization: OrganizationRow; sso: OrganizationSsoRow },
  identity: SsoIdentity,
  login: { path: string; browser: string },
  context: { ip: string; device: string },
  /** Who the browser is signed in as on the app host, if anyone: a proof of the account. */
  signedIn: AuthContext | null,
): Promise<string> {
  const { organization, sso } = found;
  if (!emailDomainAllowed(identity.email, sso.allowedDomains))
    throw new AppError('ssoDomainNotAllowed');
  const verified = await verifiedDomains(services.database.db, organization.id);
  if (!emailDomainAllowed(identity.email, verified)) throw new AppError('ssoDomainNotVerified');
  if (!identity.emailVerified) throw new AppError('ssoEmailNotVerified');
  const outcome = await services.transaction(
    async (unit) => {
      const { user, created } = await accountForExternalIdentity(unit.tx, identity);
      const membership = await findMembership(unit.tx, user.id, organization.id);
      const invited =
        !membership &&
        !sso.jitRole &&
        (await pendingInvites(unit.tx, user.email)).some(
          (p) => p.invite.organizationId === organization.id,
        );
      if (!membership && !sso.jitRole && !invited) throw new AppError('ssoNotAMember');
      let linked: 'mail' | 'session' | null = null;
      if (created) await linkAccount(unit.tx, organization.id, user.id, 'created');
      else if (!(await isLinked(unit.tx, organization.id, user.id))) {
        const proved =
          signedIn?.user.id === user.id && !signedIn.session.scopedOrganizationId
            ? await linkAccount(unit.tx, organization.id, user.id, 'session')
            : false;
        if (!proved) return { user, needsLink: true as const };
        linked = 'session';
      }
      if (membership) return { user, linked };
      if (sso.jitRole) await joinBySso(unit, user, organization, sso.jitRole);
      else await joinOrganization(unit, user, organization.id);
      return { user, linked };
    },
    { context },
  );
  const { user } = outcome;
  if ('needsLink' in outcome) {
    await requestLink(services, organization, user, login.path);
    throw new AppError('ssoLinkSent');
  }
  if (outcome.linked)
    await sendSecurityMail(services, user.email, {
      kind: 'ssoLinked',
      organization: organization.name,
      by: outcome.linked,
    });
  await sendSecurityMail(services, user.email, {
    kind: 'ssoSignIn',
    organization: organization.name,
    ip: context.ip,
  });
  return ssoHandoff(services, user.id, organization, login.path, login.browser);
}
