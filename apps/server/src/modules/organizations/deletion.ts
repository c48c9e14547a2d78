/**
 * Deleting an organisation (issue #29, account and organisation lifecycle). An owner asks, typing
 * the organisation's name; its subscription stops renewing first; the organisation then closes
 * (nobody opens its projects, requireMember refuses) for a grace period of 14 days, during which
 * any owner can restore it as it was. When the period is over the sweep removes it: every row of
 * every module goes with the organisation (their tenant keys cascade), then its uploaded files.
 * Every owner is mailed at each step; the access log records the asking and the restoring (the
 * log goes with the organisation at the end). Asked for twice at once, it is scheduled once.
 */
import { and, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { AppError, TIMERS } from '@assay/domain';
import { appOrigin, organizationOrigin } from '../../http/hosts.ts';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { cancelBeforeDeletion } from '../billing/ports.ts';
import { organizationExportKeys } from '../exports/ports.ts';
import {
  deletionCanceledMail,
  deletionScheduledMail,
  organizationDeletedMail,
} from '../mail/ports.ts';
import { organizationFileKeys } from '../media/ports.ts';
import { lockOwners } from './members.ts';
import { ownerEmails } from './owners.ts';
import { organizations, profiles } from './schema.ts';
import { everyHour } from '../../platform/jobs/hourly.ts';

const DAY = 24 * 60 * 60 * 1000;

const longDate = (at: Date) =>
  at.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

const fullName = (p: { firstName: string; lastName: string }) =>
  `${p.firstName} ${p.lastName}`.trim();

/** The owner asking, read again under the owners' locks (not the session's older word). */
async function requireOwnerNow(tx: Parameters<typeof lockOwners>[0], member: MemberContext) {
  await lockOwners(tx, member.organization.id);
  const [me] = await tx
    .select({ role: profiles.role })
    .from(profiles)
    .where(eq(profiles.id, member.profileId));
  if (!me || me.role !== 'owner') throw new AppError('forbidden');
}

export async function scheduleDeletion(
  services: AppServices,
  member: MemberContext,
  organizationId: string,
  input: { confirm: string },
  context: RequestContext,
) {
  if (organizationId !== member.organization.id) throw new AppError('notFound');
  if (member.role !== 'owner') throw new AppError('forbidden');
  if (input.confirm.trim() !== member.organization.name.trim()) {
    throw new AppError('organizationNameMismatch');
  }
  if (member.organization.deletionDueAt) throw new AppError('deletionAlreadyScheduled');
  // Nobody pays for an organisation on its way out: the subscription stops renewing first.
  await cancelBeforeDeletion(services, member, context);
  const dueAt = new Date(Date.now() + TIMERS.organizationDeletionGraceDays * DAY);
  await services.transaction(
    async (unit) => {
      await requireOwnerNow(unit.tx, member);
      const [scheduled] = await unit.tx
        .update(organizations)
        .set({ deletionDueAt: dueAt, updatedAt: new Date() })
        .where(and(eq(organizations.id, organizationId), isNull(organizations.deletionDueAt)))
        .returning({ id: organizations.id });
      if (!scheduled) throw new AppError('deletionAlreadyScheduled');
      await unit.record({
        name: 'organizations.scheduleDeletion',
        organizationId,
        actorId: member.profileId,
        subjectType: 'organization',
        subjectId: organizationId,
        changes: { deletionDueAt: dueAt.toISOString() },
      });
    },
    { context },
  );
  const url = `${organizationOrigin(services.config, member.organization.slug)}/`;
  for (const email of await ownerEmails(services, organizationId)) {
    await services.mailer.send(
      deletionScheduledMail(
        email,
        fullName(member.person),
        member.organization.name,
        longDate(dueAt),
        url,
      ),
    );
  }
  return { deletionDueAt: dueAt.toISOString() };
}

export async function restoreOrganization(
  services: AppServices,
  member: MemberContext,
  organizationId: string,
  context: RequestContext,
) {
  if (organizationId !== member.organization.id) throw new AppError('notFound');
  if (member.role !== 'owner') throw new AppError('forbidden');
  await services.transaction(
    async (unit) => {
      await requireOwnerNow(unit.tx, member);
      // Only before the time is up: the sweep may be removing it at that moment.
      const [restored] = await unit.tx
        .update(organizations)
        .set({ deletionDueAt: null, updatedAt: new Date() })
        .where(
          and(
            eq(organizations.id, organizationId),
            isNotNull(organizations.deletionDueAt),
            sql`${organizations.deletionDueAt} > now()`,
          ),
        )
        .returning({ id: organizations.id });
      if (!restored) throw new AppError('deletionNotScheduled');
      await unit.record({
        name: 'organizations.restore',
        organizationId,
        actorId: member.profileId,
        subjectType: 'organization',
        subjectId: organizationId,
        changes: { deletionDueAt: null },
      });
    },
    { context },
  );
  const url = `${organizationOrigin(services.config, member.organization.slug)}/`;
  for (const email of await ownerEmails(services, organizationId)) {
    await services.mailer.send(
      deletionCanceledMail(email, fullName(member.person), member.organization.name, url),
    );
  }
  return { restored: true };
}

/**
 * Removes the organisations whose grace period is over, one transaction each (an instance
 * sweeping at the same moment skips the ones taken), then their files; tells their owners.
 * Returns how many went.
 */
export async function purgeDueOrganizations(
  services: AppServices,
  now = new Date(),
  /** Only these (tests sharing a database sweep their own). */
  only?: string[],
) {
  const due = await services.database.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        lte(organizations.deletionDueAt, now),
        only ? inArray(organizations.id, only) : undefined,
      ),
    );
  let removed = 0;
  for (const { id } of due) {
    const gone = await services.database.db.transaction(async (tx) => {
      const [organization] = await tx
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(and(eq(organizations.id, id), lte(organizations.deletionDueAt, now)))
        .for('update', { skipLocked: true });
      if (!organization) return null;
      const owners = await tx
        .select({ email: profiles.email })
        .from(profiles)
        .where(and(eq(profiles.organizationId, id), eq(profiles.role, 'owner')));
      const keys = [
        ...(await organizationFileKeys(tx, id)),
        ...(await organizationExportKeys(tx, id)),
      ];
      await tx.delete(organizations).where(eq(organizations.id, id));
      return { name: organization.name, owners: owners.map((o) => o.email), keys };
    });
    if (!gone) continue;
    removed += 1;
    // The rows are gone for good; a file left behind by a storage hiccup is only bytes.
    for (const key of gone.keys) await services.storage.remove(key).catch(() => undefined);
    for (const email of gone.owners) {
      await services.mailer.send(
        organizationDeletedMail(email, gone.name, appOrigin(services.config)),
      );
    }
    services.logger.info({ organizationId: id }, 'organization deleted after its grace period');
  }
  return removed;
}

/** The sweep, hourly, where the job queue runs (as the trash's). */
export function startOrganizationPurge(services: AppServices): () => void {
  return everyHour(services.logger, 'organization purge', () => purgeDueOrganizations(services));
}
