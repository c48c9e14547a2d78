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
import type { AppServices } from '../../services.ts';
import { lockOwners } from './members.ts';
import { profiles } from './schema.ts';

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
  return { left: true };
}
