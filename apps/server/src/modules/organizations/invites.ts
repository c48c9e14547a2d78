/** Invitations into the organisation (part 1 §7.2): made, sent, resent and withdrawn; those still pending. */
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  AppError,
  AUTH_LIMITS,
  effectiveLimits,
  emailSchema,
  INVITABLE_ROLES,
  type License,
} from '@assay/domain';
import { appOrigin } from '../../http/hosts.ts';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { users } from '../auth/schema.ts';
import { issueToken } from '../auth/tokens-port.ts';
import { inviteMail } from '../mail/ports.ts';
import { invites, profiles, type InviteRow } from './schema.ts';
import { memberCounts, requireManager } from './members.ts';

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
