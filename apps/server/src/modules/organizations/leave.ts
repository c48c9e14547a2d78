/**
 * Leaving an organisation (issue #29, account and organisation lifecycle): a member ends their
 * own membership. What they made stays with the organisation under their name; they can no longer
 * open it, and an owner may invite them again. The last owner cannot leave (they transfer
 * ownership first), and two owners leaving at the same moment cannot leave none: both take the
 * owners' locks first (lockOwners).
 */
import { and, eq, ne } from 'drizzle-orm';
import { AppError } from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { UnitOfWork } from '../../platform/events/unit-of-work.ts';
import type { AppServices } from '../../services.ts';
import { organizationOrigin } from '../../http/hosts.ts';
import { memberLeftMail } from '../mail/ports.ts';
import { lockOwners } from './members.ts';
import { organizations, profiles } from './schema.ts';

export async function leaveOrganization(
  services: AppServices,
  member: MemberContext,
  organizationId: string,
  context: RequestContext,
) {
  if (organizationId !== member.organization.id) throw new AppError('notFound');
  await services.transaction(
    async (unit) => {
      const owners = await lockOwners(unit.tx, organizationId);
      const [me] = await unit.tx
        .select({ role: profiles.role })
        .from(profiles)
        .where(eq(profiles.id, member.profileId))
        .for('update');
      if (!me || me.role === 'disabled') throw new AppError('notFound');
      if (me.role === 'owner' && owners <= 1) throw new AppError('lastOwner');
      await unit.tx
        .update(profiles)
        .set({ role: 'disabled', updatedAt: new Date() })
        .where(and(eq(profiles.id, member.profileId), ne(profiles.role, 'disabled')));
      await unit.record({
        name: 'profiles.leave',
        organizationId,
        actorId: member.profileId,
        subjectType: 'profile',
        subjectId: member.profileId,
        changes: { from: me.role, to: 'disabled' },
      });
    },
    { context },
  );
  // The owners hear of it (they may want to invite someone in the leaver's place).
  const owners = await services.database.db
    .select({ email: profiles.email })
    .from(profiles)
    .where(and(eq(profiles.organizationId, organizationId), eq(profiles.role, 'owner')));
  const who = `${member.person.firstName} ${member.person.lastName}`.trim();
  const url = `${organizationOrigin(services.config, member.organization.slug)}/settings/members`;
  for (const { email } of owners) {
    await services.mailer.send(memberLeftMail(email, who, member.organization.name, url));
  }
  return { left: true };
}

/**
 * A deleted account leaves every organisation it was in, in the caller's transaction: its
 * profiles are disabled and renamed "Former member" (their email forgotten), so what the person
 * made stays with each organisation without their personal data. Refused (ref 2039, naming the
 * organisation) while the person is the only owner of one.
 */
export async function forgetPerson(unit: UnitOfWork, userId: string): Promise<number> {
  const mine = await unit.tx
    .select({ id: profiles.id, organizationId: profiles.organizationId, role: profiles.role })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), ne(profiles.role, 'disabled')));
  for (const profile of mine) {
    if (profile.role !== 'owner') continue;
    if ((await lockOwners(unit.tx, profile.organizationId)) <= 1) {
      const [organization] = await unit.tx
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, profile.organizationId));
      throw new AppError('lastOwner', { context: organization?.name ?? '' });
    }
  }
  for (const profile of mine) {
    await unit.tx
      .update(profiles)
      .set({
        role: 'disabled',
        firstName: 'Former',
        lastName: 'member',
        email: `former-member-${profile.id}@deleted.invalid`,
        updatedAt: new Date(),
      })
      .where(eq(profiles.id, profile.id));
    await unit.record({
      name: 'profiles.leave',
      organizationId: profile.organizationId,
      actorId: profile.id,
      subjectType: 'profile',
      subjectId: profile.id,
      changes: { from: profile.role, to: 'disabled', via: 'accountDeleted' },
    });
  }
  return mine.length;
}
