/**
 * The end of every single sign-on (OIDC or SAML): the address must be in the allowed domains;
 * the person's account is found or made; they must be a member — or join just in time with the
 * settings' role, or by their pending invitation; then a handoff into the organisation opens a
 * session scoped to it.
 */
import { AppError, emailDomainAllowed } from '@assay/domain';
import type { AppServices } from '../../services.ts';
import { accountForExternalIdentity, type ExternalIdentity } from '../auth/ports.ts';
import { ssoHandoff } from '../auth/ports.ts';
import type { OrganizationRow } from '../organizations/schema.ts';
import {
  findMembership,
  joinBySso,
  joinOrganization,
  pendingInvites,
} from '../organizations/ports.ts';
import type { OrganizationSsoRow } from '../organizations/sso-schema.ts';

export async function completeSsoSignIn(
  services: AppServices,
  found: { organization: OrganizationRow; sso: OrganizationSsoRow },
  identity: ExternalIdentity,
  login: { path: string; browser: string },
  context: { ip: string; device: string },
): Promise<string> {
  const { organization, sso } = found;
  if (!emailDomainAllowed(identity.email, sso.allowedDomains))
    throw new AppError('ssoDomainNotAllowed');
  const user = await services.transaction(
    async (unit) => {
      const { user } = await accountForExternalIdentity(unit.tx, identity);
      const membership = await findMembership(unit.tx, user.id, organization.id);
      if (membership) return user;
      if (sso.jitRole) {
        await joinBySso(unit, user, organization, sso.jitRole);
        return user;
      }
      const invited = (await pendingInvites(unit.tx, user.email)).some(
        (p) => p.invite.organizationId === organization.id,
      );
      if (!invited) throw new AppError('ssoNotAMember');
      await joinOrganization(unit, user, organization.id);
      return user;
    },
    { context },
  );
  return ssoHandoff(services, user.id, organization, login.path, login.browser);
}
