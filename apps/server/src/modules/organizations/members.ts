/** Members and invitations of an organisation (part 2 §3 Organisation member, Invite; §4). */
import { and, count, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import {
  AppError,
  canManageMembers,
  canViewAccessLogs,
  ORGANIZATION_ROLES,
  roleChangeProblem,
  type License,
} from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { AppServices } from '../../services.ts';
import { users } from '../auth/schema.ts';
import { approvalRequestMail } from '../mail/ports.ts';
import { accessLogs, invites, profiles, type ProfileRow } from './schema.ts';
import { containsPattern } from '../../platform/db/like.ts';

export function requireManager(member: MemberContext) {
  if (!canManageMembers(member.role)) throw new AppError('forbidden');
}

export interface MemberFilters {
  search?: string | null;
  role?: string | null;
  disabled?: boolean | null;
  page?: number | null;
  pageSize?: number | null;
}

export function presentMember(row: ProfileRow & { mfaEnabled?: boolean }) {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    disabled: row.role === 'disabled',
    mfaEnabled: Boolean(row.mfaEnabled),
    portfolioAccess: row.portfolioAccess,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Members of the organisation, filtered and paged; every member may see the list. */
export async function listMembers(
  services: AppServices,
  member: MemberContext,
  filters: MemberFilters = {},
) {
  const pageSize = Math.min(Math.max(filters.pageSize ?? 25, 1), 100);
  const page = Math.max(filters.page ?? 1, 1);
  const conditions = [eq(profiles.organizationId, member.organization.id)];
  if (filters.search?.trim()) {
    const term = containsPattern(filters.search.trim());
    const match = or(
      ilike(profiles.firstName, term),
      ilike(profiles.lastName, term),
      ilike(profiles.email, term),
    );
    if (match) conditions.push(match);
  }
  if (filters.role) conditions.push(eq(profiles.role, filters.role));
  if (filters.disabled === true) conditions.push(eq(profiles.role, 'disabled'));
  if (filters.disabled === false) conditions.push(ne(profiles.role, 'disabled'));
  const where = and(...conditions);
  const db = services.database.db;
  const [totalRow] = await db.select({ n: count() }).from(profiles).where(where);
  const rows = await db
    .select({ profile: profiles, mfaEnabled: sql<boolean>`${users.mfaSecret} is not null` })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(where)
    .orderBy(profiles.firstName, profiles.lastName, profiles.id)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    total: Number(totalRow?.n ?? 0),
    page,
    pageSize,
    members: rows.map((r) => presentMember({ ...r.profile, mfaEnabled: r.mfaEnabled })),
  };
}

/** The counts for the member's organisation. */
export function memberCounts(services: AppServices, member: MemberContext) {
  return countMembers(services.database.db, member.organization.id);
}

/** Active members, invitations (pending ones and those that expired), and the total of both. */
export async function countMembers(db: Executor, organizationId: string) {
  const [active] = await db
    .select({ n: count() })
    .from(profiles)
    .where(and(eq(profiles.organizationId, organizationId), ne(profiles.role, 'disabled')));
  const [invited] = await db
    .select({ n: count() })
    .from(invites)
    .where(and(eq(invites.organizationId, organizationId), eq(invites.status, 'pending')));
  const [pending] = await db
    .select({ n: count() })
    .from(invites)
    .where(
      and(
        eq(invites.organizationId, organizationId),
        eq(invites.status, 'pending'),
        sql`${invites.expiresAt} > now()`,
      ),
    );
  const a = Number(active?.n ?? 0);
  const i = Number(invited?.n ?? 0);
  return { active: a, invited: i, pending: Number(pending?.n ?? 0), total: a + i };
}

/**
 * Locks the organisation's owners (in id order) and answers how many there are. Every change
 * that could take an owner away takes these locks first, so two owners demoting each other — or
 * leaving — at the same moment cannot leave the organisation with none.
 */
export async function lockOwners(tx: Executor, organizationId: string): Promise<number> {
  const owners = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.organizationId, organizationId), eq(profiles.role, 'owner')))
    .orderBy(profiles.id)
    .for('update');
  return owners.length;
}

/** Changes a member's role (disable is a change to disabled); the last owner stays an owner. */
export async function changeMemberRole(
  services: AppServices,
  member: MemberContext,
  profileId: string,
  newRole: string,
  context: RequestContext,
) {
  if (!(ORGANIZATION_ROLES as readonly string[]).includes(newRole)) {
    throw new AppError('validation', { message: 'That role does not exist.' });
  }
  return services.transaction(async (unit) => {
    const ownerCount = await lockOwners(unit.tx, member.organization.id);
    const [target] = await unit.tx
      .select()
      .from(profiles)
      .where(and(eq(profiles.id, profileId), eq(profiles.organizationId, member.organization.id)))
      .for('update');
    if (!target) throw new AppError('notFound');
    const problem = roleChangeProblem({
      actorRole: member.role,
      targetRole: target.role,
      newRole,
      ownerCount,
    });
    if (problem === 'lastOwner') throw new AppError('lastOwner');
    if (problem) throw new AppError('forbidden');
    if (target.role === newRole) return presentMember(target);
    const [updated] = await unit.tx
      .update(profiles)
      .set({ role: newRole, updatedAt: new Date() })
      .where(eq(profiles.id, profileId))
      .returning();
    if (!updated) throw new AppError('notFound');
    const action =
      newRole === 'disabled' ? 'disable' : target.role === 'disabled' ? 'enable' : 'updateRole';
    await unit.record({
      name: `profiles.${action}`,
      organizationId: member.organization.id,
      actorId: member.profileId,
      subjectType: 'profile',
      subjectId: profileId,
      changes: { from: target.role, to: newRole },
      context,
    });
    return presentMember(updated);
  });
}

export interface AccessLogFilters {
  profileId?: string | null;
  action?: string | null;
  from?: string | null;
  to?: string | null;
  limit?: number | null;
}

/** The organisation's access log (business plans and above, owners and admins). */
export async function listAccessLogs(
  services: AppServices,
  member: MemberContext,
  filters: AccessLogFilters = {},
) {
  if (!canViewAccessLogs(member.role, member.organization.license as License))
    throw new AppError('forbidden');
  const conditions = [eq(accessLogs.organizationId, member.organization.id)];
  if (filters.profileId) {
    const byProfile = or(
      eq(accessLogs.profileId, filters.profileId),
      eq(accessLogs.actorId, filters.profileId),
    );
    if (byProfile) conditions.push(byProfile);
  }
  if (filters.action) conditions.push(eq(accessLogs.action, filters.action));
  if (filters.from) conditions.push(sql`${accessLogs.createdAt} >= ${new Date(filters.from)}`);
  if (filters.to) conditions.push(sql`${accessLogs.createdAt} <= ${new Date(filters.to)}`);
  const rows = await services.database.db
    .select({ log: accessLogs, first: profiles.firstName, last: profiles.lastName })
    .from(accessLogs)
    .leftJoin(profiles, eq(profiles.id, accessLogs.actorId))
    .where(and(...conditions))
    .orderBy(desc(accessLogs.createdAt))
    .limit(Math.min(Math.max(filters.limit ?? 100, 1), 500));
  return rows.map((r) => ({
    id: r.log.id,
    time: r.log.createdAt.toISOString(),
    profileId: r.log.profileId,
    actor: r.first === null ? null : `${r.first} ${r.last}`.trim(),
    activity: {
      service: r.log.service,
      action: r.log.action,
      entity: r.log.entity,
      optionals: r.log.optionals,
    },
    projectId: r.log.projectId,
    organizationId: r.log.organizationId,
    ip: r.log.ip,
    device: r.log.device,
  }));
}

/**
 * A member who hits a limit or a locked feature asks the owners: every owner gets an email, and
 * the request goes into the access log.
 */
export async function requestOwnerApproval(
  services: AppServices,
  member: MemberContext,
  input: { feature: string; message?: string | null },
  context: RequestContext,
) {
  const feature = input.feature.trim().slice(0, 100);
  if (!feature) throw new AppError('validation', { message: 'Please say what you need.' });
  const note = (input.message ?? '').trim().slice(0, 1000);
  const owners = await services.database.db
    .select({ email: profiles.email })
    .from(profiles)
    .where(and(eq(profiles.organizationId, member.organization.id), eq(profiles.role, 'owner')));
  const requester =
    `${member.auth.user.firstName} ${member.auth.user.lastName}`.trim() || member.auth.user.email;
  const url = `${services.config.protocol}://${member.organization.slug}.${services.config.appDomain}/settings/general`;
  await services.transaction(
    (unit) =>
      unit.record({
        name: 'organizations.requestApproval',
        organizationId: member.organization.id,
        actorId: member.profileId,
        subjectType: 'organization',
        subjectId: member.organization.id,
        changes: { feature },
      }),
    { context },
  );
  for (const owner of owners) {
    await services.mailer.send(
      approvalRequestMail(owner.email, requester, member.organization.name, feature, note, url),
    );
  }
  return owners.length;
}
