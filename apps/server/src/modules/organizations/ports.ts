/** The face of organizations: what other modules may use (decision 009). */
export { forgetPerson } from './leave.ts';
export { countMembers } from './members.ts';
export { insertInvites } from './invites.ts';
export { collectionProjectList } from './navigation.ts';
export {
  createOrganization,
  findMembership,
  findOrganizationBySlug,
  findProfileOnboarding,
  joinBySso,
  joinOrganization,
  listMemberships,
  pendingInvites,
  slugStatus,
  ssoOn,
} from './service.ts';
export { requiredSsoOf } from './sso.ts';
export { organizationFeatures } from './settings.ts';
export { organizationExportParts } from './export-parts.ts';
export { ownerEmails } from './owners.ts';
export { logAccess } from './access-log.ts';
export { profileDetail } from './profile-details.ts';
