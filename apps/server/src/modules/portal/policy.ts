/**
 * Who may do what with a project's public portal. The portal needs the plan's publicPortal feature
 * and the project's publicPortal setting; anyone who sees the project may read its management
 * view; project owners and admins (and organisation admins) run the board, its categories and
 * sections; whoever may write cards in the project publishes, edits, moves and removes public
 * cards.
 */
import { AppError, canManageProject, hasPermission, PORTAL_MESSAGES } from '@assay/domain';
import { requireFeature, type MemberContext } from '../../http/member-context.ts';
import type { ProjectAccess } from '../cards/ports.ts';

/** Refuses when the plan or the project's settings leave the portal out. */
export function requirePortal(member: MemberContext, access: ProjectAccess): void {
  requireFeature(member, 'publicPortal');
  if (!access.project.settings.publicPortal)
    throw new AppError('featureUnavailable', { message: PORTAL_MESSAGES.portalOff });
}

export function mayManagePortal(member: MemberContext, access: ProjectAccess): boolean {
  return canManageProject({ organizationRole: member.role, projectRole: access.role });
}

export function mayPublishCards(access: ProjectAccess): boolean {
  return hasPermission(access.scope, 'card:write');
}

/** What the management screen may offer this member. */
export function portalAbilities(member: MemberContext, access: ProjectAccess) {
  return { manage: mayManagePortal(member, access), publish: mayPublishCards(access) };
}
