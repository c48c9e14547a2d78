/** Members and invitations of an organisation (part 2 §3 Organisation member, Invite; §4). */
import { and, count, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import {
  AppError,
  AUTH_LIMITS,
  canManageMembers,
  canViewAccessLogs,
  effectiveLimits,
  emailSchema,
  INVITABLE_ROLES,
  ORGANIZATION_ROLES,
  roleChangeProblem,
  type License,
} from '@assay/domain';
import { appOrigin } from '../../http/hosts.ts';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { AppServices } from '../../services.ts';
import { users } from '../auth/schema.ts';
import { issueToken } from '../auth/tokens-port.ts';
import { approvalRequestMail, inviteMail } from '../mail/ports.ts';
import { accessLogs, invites, profiles, type InviteRow, type ProfileRow } from './schema.ts';
import { containsPattern } from '../../platform/db/like.ts';

function requireManager(member: MemberContext) {
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

export function presentInvite(row: InviteRow, invitedByName: string | null) {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.expiresAt < new Date() && row.status === 'pending' ? 'expired' : row.status,
    createdAt: row.createdAt.toISOString(),
    invitedByName,
    resent: row.resentAt !== null,
  };
}

/** Invitations not yet accepted (pending, or expired and still listed for resending). */
export async function listPendingInvites(services: AppServices, member: MemberContext) {
  const rows = await services.database.db
    .select({ invite: invites, first: profiles.firstName, last: profiles.lastName })
    .from(invites)
    .leftJoin(profiles, eq(profiles.id, invites.invitedByProfileId))
    .where(and(eq(invites.organizationId, member.organization.id), eq(invites.status, 'pending')))
    .orderBy(desc(invites.createdAt));
  return rows.map((r) =>
    presentInvite(r.invite, r.first === null ? null : `${r.first} ${r.last}`.trim()),
  );
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

async function sendInvite(services: AppServices, member: MemberContext, invite: InviteRow) {
  const [existing] = await services.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, invite.email));
  const token = await issueToken(services.database.db, {
    kind: 'invite',
    email: invite.email,
    ttlMs: invite.expiresAt.getTime() - Date.now(),
    data: { organizationId: member.organization.id, inviteId: invite.id },
  });
  const origin = appOrigin(services.config);
  const url = existing
    ? `${origin}/sign-in?invite=${member.organization.id}`
    : `${origin}/sign-up?token=${token}`;
  await services.mailer.send(inviteMail(invite.email, member.organization.name, url));
}

const INVITE_TTL_MS = AUTH_LIMITS.inviteTokenDays * 24 * 60 * 60 * 1000;

/**
 * Invites people by email. An address already pending is skipped; one that is already a member,
 * or invalid, is reported in errors while the others go ahead.
 */
export async function createInvites(
  services: AppServices,
  member: MemberContext,
  input: InviteInput[],
  context: RequestContext,
) {
  requireManager(member);
  return insertInvites(services, member, input, context);
}

export interface InviteInput {
  email: string;
  role: string;
  projects?: { id: string; role: string }[] | null;
  cohorts?: { id: string; role: string }[] | null;
}

/**
 * Writes and mails invitations once the caller has checked who may invite (organisation managers,
 * or a cohort's admins for its own teams and roles).
 */
export async function insertInvites(
  services: AppServices,
  member: MemberContext,
  input: InviteInput[],
  context: RequestContext,
) {
  const projectRoles = new Map<string, { id: string; role: string }[]>();
  const cohortRoles = new Map<string, { id: string; role: string }[]>();
  const errors: { email: string; message: string }[] = [];
  const wanted = new Map<string, string>();
  for (const entry of input) {
    const parsed = emailSchema.safeParse(entry.email);
    if (!parsed.success) {
      errors.push({ email: entry.email, message: new AppError('invalidEmail').message });
      continue;
    }
    const role = (INVITABLE_ROLES as readonly string[]).includes(entry.role)
      ? entry.role
      : 'collaborator';
    wanted.set(parsed.data, role);
    projectRoles.set(parsed.data, (entry.projects ?? []).slice(0, 50));
    cohortRoles.set(parsed.data, (entry.cohorts ?? []).slice(0, 20));
  }
  const emails = [...wanted.keys()];
  const db = services.database.db;
  const members = emails.length
    ? await db
        .select({ email: profiles.email })
        .from(profiles)
        .where(
          and(eq(profiles.organizationId, member.organization.id), inArray(profiles.email, emails)),
        )
    : [];
  const pending = emails.length
    ? await db
        .select({ email: invites.email })
        .from(invites)
        .where(
          and(
            eq(invites.organizationId, member.organization.id),
            eq(invites.status, 'pending'),
            inArray(invites.email, emails),
          ),
        )
    : [];
  const memberEmails = new Set(members.map((m) => m.email));
  const limit = effectiveLimits(
    member.organization.license as License,
    member.organization.limits,
  ).profile;
  const counts = await memberCounts(services, member);
  let room = limit === null ? Number.POSITIVE_INFINITY : limit - counts.active - counts.invited;
  const pendingEmails = new Set(pending.map((p) => p.email));
  const created: InviteRow[] = [];
  await services.transaction(async (unit) => {
    for (const [email, role] of wanted) {
      if (memberEmails.has(email)) {
        errors.push({ email, message: new AppError('alreadyMember').message });
        continue;
      }
      if (pendingEmails.has(email)) continue;
      if (room <= 0) {
        errors.push({ email, message: new AppError('profileLimitReached').message });
        continue;
      }
      room -= 1;
      const [row] = await unit.tx
        .insert(invites)
        .values({
          organizationId: member.organization.id,
          email,
          role,
          invitedByProfileId: member.profileId,
          expiresAt: new Date(Date.now() + INVITE_TTL_MS),
          projects: projectRoles.get(email) ?? [],
          cohorts: cohortRoles.get(email) ?? [],
        })
        .returning();
      if (!row) throw new Error('invite insert returned no row');
      created.push(row);
      await unit.record({
        name: 'invites.create',
        organizationId: member.organization.id,
        actorId: member.profileId,
        subjectType: 'invite',
        subjectId: row.id,
        changes: { email, role },
        context,
      });
    }
  });
  for (const invite of created) await sendInvite(services, member, invite);
  const inviter = `${member.auth.user.firstName} ${member.auth.user.lastName}`.trim();
  return { invites: created.map((i) => presentInvite(i, inviter)), errors };
}

async function findInvite(services: AppServices, member: MemberContext, id: string) {
  const [invite] = await services.database.db
    .select()
    .from(invites)
    .where(
      and(
        eq(invites.id, id),
        eq(invites.organizationId, member.organization.id),
        eq(invites.status, 'pending'),
      ),
    );
  if (!invite) throw new AppError('notFound');
  return invite;
}

/** Sends the invitation again with a fresh link and expiry, and flags it as resent. */
export async function resendInvite(
  services: AppServices,
  member: MemberContext,
  id: string,
  context: RequestContext,
) {
  requireManager(member);
  await findInvite(services, member, id);
  const invite = await services.transaction(async (unit) => {
    const [row] = await unit.tx
      .update(invites)
      .set({ resentAt: new Date(), expiresAt: new Date(Date.now() + INVITE_TTL_MS) })
      .where(eq(invites.id, id))
      .returning();
    if (!row) throw new AppError('notFound');
    await unit.record({
      name: 'invites.resend',
      organizationId: member.organization.id,
      actorId: member.profileId,
      subjectType: 'invite',
      subjectId: id,
      changes: { email: row.email },
      context,
    });
    return row;
  });
  await sendInvite(services, member, invite);
  return presentInvite(invite, null);
}

/** Withdraws an invitation; its link then fails with ref 7. */
export async function deleteInvite(
  services: AppServices,
  member: MemberContext,
  id: string,
  context: RequestContext,
) {
  requireManager(member);
  const invite = await findInvite(services, member, id);
  await services.transaction(async (unit) => {
    await unit.tx.update(invites).set({ status: 'rescinded' }).where(eq(invites.id, id));
    await unit.record({
      name: 'invites.delete',
      organizationId: member.organization.id,
      actorId: member.profileId,
      subjectType: 'invite',
      subjectId: id,
      changes: { email: invite.email },
      context,
    });
  });
  return true;
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
    const [target] = await unit.tx
      .select()
      .from(profiles)
      .where(and(eq(profiles.id, profileId), eq(profiles.organizationId, member.organization.id)))
      .for('update');
    if (!target) throw new AppError('notFound');
    const [owners] = await unit.tx
      .select({ n: count() })
      .from(profiles)
      .where(and(eq(profiles.organizationId, member.organization.id), eq(profiles.role, 'owner')));
    const problem = roleChangeProblem({
      actorRole: member.role,
      targetRole: target.role,
      newRole,
      ownerCount: Number(owners?.n ?? 0),
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
