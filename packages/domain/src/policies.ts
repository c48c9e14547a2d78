/**
 * Who may do what in an organisation: one function per decision, used by the server for every
 * read and write and by the web app to hide what a member may not do (part 1 §6, part 2 §6).
 */
import {
  hasPermission,
  type OrganizationRole,
  type Permission,
  type PermissionArea,
  type PermissionLevel,
} from './permissions.ts';
import { licenseAllows, type License } from './plans.ts';

export type PermissionScope = Partial<Record<PermissionArea, PermissionLevel>>;

/** The permission scope each organisation role holds. */
export const ORGANIZATION_ROLE_SCOPES: Record<OrganizationRole, PermissionScope> = {
  owner: {
    organization: 'admin',
    card: 'admin',
    comment: 'admin',
    partialCard: 'admin',
    dashboard: 'admin',
  },
  admin: {
    organization: 'write',
    card: 'admin',
    comment: 'admin',
    partialCard: 'admin',
    dashboard: 'admin',
  },
  collaborator: {
    organization: 'read',
    card: 'write',
    comment: 'write',
    partialCard: 'write',
    dashboard: 'read',
  },
  limitedContributor: {
    organization: 'read',
    card: 'read',
    comment: 'write',
    partialCard: 'write',
    dashboard: 'read',
  },
  disabled: {},
};

export const ORGANIZATION_ROLE_NAMES: Record<OrganizationRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  collaborator: 'Collaborator',
  limitedContributor: 'Limited contributor',
  disabled: 'Disabled',
};

/** Roles an invitation may give. */
export const INVITABLE_ROLES = ['admin', 'collaborator', 'limitedContributor'] as const;

export function scopeForRole(role: string): PermissionScope {
  return ORGANIZATION_ROLE_SCOPES[role as OrganizationRole] ?? {};
}

/** True when the role holds the permission (`area:level`). */
export function roleHas(role: string, permission: Permission): boolean {
  return hasPermission(scopeForRole(role), permission);
}

/** Members, invitations and organisation settings: organization:write (owners and admins). */
export function canManageMembers(role: string): boolean {
  return roleHas(role, 'organization:write');
}

export const canInviteMembers = canManageMembers;
export const canEditOrganization = canManageMembers;

/** Only the owner changes plans and billing. */
export function canChangePlan(role: string): boolean {
  return role === 'owner';
}

/** Owners and admins (organization:write) see the plan, the card's last four and the invoices. */
export function canViewBilling(role: string): boolean {
  return roleHas(role, 'organization:write');
}

/** Access logs need organization:write and a business plan or above. */
export function canViewAccessLogs(role: string, license: License): boolean {
  return canManageMembers(role) && licenseAllows(license, 'orgAccessLogs');
}

/** A member edits their own profile; owners and admins edit anyone's. */
export function canEditProfile(
  actor: { role: string; profileId: string },
  targetProfileId: string,
): boolean {
  return actor.profileId === targetProfileId || canManageMembers(actor.role);
}

export type RoleChangeProblem = 'forbidden' | 'lastOwner' | null;

/**
 * Whether the actor may move the target from one role to another (disabling is a role change to
 * disabled). Only owners make or unmake owners; admins manage everyone else; the last owner can
 * never be demoted or disabled.
 */
export function roleChangeProblem(options: {
  actorRole: string;
  targetRole: string;
  newRole: string;
  ownerCount: number;
}): RoleChangeProblem {
  const { actorRole, targetRole, newRole, ownerCount } = options;
  if (!canManageMembers(actorRole)) return 'forbidden';
  const touchesOwner = targetRole === 'owner' || newRole === 'owner';
  if (touchesOwner && actorRole !== 'owner') return 'forbidden';
  if (targetRole === 'owner' && newRole !== 'owner' && ownerCount <= 1) return 'lastOwner';
  return null;
}

/** The owner count after a role change (it moves when a role changes to or from owner). */
export function ownerCountAfter(ownerCount: number, fromRole: string, toRole: string): number {
  if (fromRole === toRole) return ownerCount;
  if (fromRole === 'owner') return Math.max(0, ownerCount - 1);
  if (toRole === 'owner') return ownerCount + 1;
  return ownerCount;
}
