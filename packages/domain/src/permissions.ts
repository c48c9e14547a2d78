/** Permission levels, role ranks and the `area:level` check (part 1 §6, part 2 §6). */

export const PERMISSION_LEVELS = ['read', 'write', 'admin'] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];
export const PERMISSION_AREAS = [
  'organization',
  'card',
  'comment',
  'partialCard',
  'dashboard',
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];
export type Permission = `${PermissionArea}:${PermissionLevel}`;

export const ORGANIZATION_ROLES = [
  'owner',
  'admin',
  'collaborator',
  'limitedContributor',
  'disabled',
] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

export const PROJECT_ROLES = [
  'owner',
  'admin',
  'collaborator',
  'viewer',
  'observer',
  'commenter',
  'limitedContributor',
] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

/** How each project role is named on screen (pickers, member lists). */
export const PROJECT_ROLE_LABELS: Record<ProjectRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  collaborator: 'Collaborator',
  viewer: 'Viewer',
  observer: 'Observer',
  commenter: 'Commenter',
  limitedContributor: 'Limited contributor',
};

/** Project roles ranked low to high (observer, commenter, collaborator, admin). */
export const PROJECT_ROLE_RANK = ['observer', 'commenter', 'collaborator', 'admin'] as const;

export const COHORT_ROLES = ['admin', 'instructor', 'mentor', 'guest', 'observer'] as const;
export const TEAM_ROLES = ['admin', 'collaborator', 'commenter', 'guest', 'observer'] as const;
export const TEAM_ROLE_NAMES = {
  admin: 'Team Admin',
  collaborator: 'Member',
  commenter: 'Mentor',
  guest: 'Coach',
  observer: 'Observer',
} as const;

/** Numeric rank of a permission level. */
export function levelRank(level: PermissionLevel): number {
  return PERMISSION_LEVELS.indexOf(level);
}

/**
 * True when the member's level in the area is at least the one required. While the scope is still
 * loading (undefined), everything is allowed, as the spec says; the server always passes a scope.
 */
export function hasPermission(
  scope: Partial<Record<PermissionArea, PermissionLevel>> | undefined,
  permission: Permission,
): boolean {
  if (scope === undefined) return true;
  const [area, level] = permission.split(':') as [PermissionArea, PermissionLevel];
  const held = scope[area];
  return held !== undefined && levelRank(held) >= levelRank(level);
}
