/**
 * Transferring ownership (issue #29, account and organisation lifecycle): an owner hands the
 * organisation to another active member in one step — the member becomes an owner and the giver
 * an admin — so the organisation is never without an owner and the giver can then leave. Both
 * are mailed; the access log records it. Two transfers at once by the same owner: the owners'
 * locks let one through, and the other finds its giver no longer an owner.
 */
import { and, eq } from 'drizzle-orm';
import { AppError } from '@assay/domain';
import { organizationOrigin } from '../../http/hosts.ts';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { ownershipGivenMail, ownershipReceivedMail } from '../mail/ports.ts';
import { lockOwners, presentMember } from './members.ts';
import { profiles } from './schema.ts';

export async function transferOwnership(
  services: AppServices,
  member: MemberContext,
  organizationId: string,
  profileId: string,
  context: RequestContext,
) {
  if (organizationId !== member.organization.id) throw new AppError('notFound');
  if (profileId === member.profileId) throw new AppError('ownershipToSelf');
  const { giver, receiver } = await services.transaction(
    async (unit) => {
      await lockOwners(unit.tx, organizationId);
      const [me] = await unit.tx
        .select()
        .from(profiles)
        .where(eq(profiles.id, member.profileId))
        .for('update');
      // Only an owner gives ownership (read again under the lock: not the session's old word).
      if (!me || me.role !== 'owner') throw new AppError('forbidden');
      const [target] = await unit.tx
        .select()
        .from(profiles)
        .where(and(eq(profiles.id, profileId), eq(profiles.organizationId, organizationId)))
        .for('update');
      if (!target || target.role === 'disabled') throw new AppError('notFound');
      if (target.role === 'owner') throw new AppError('alreadyOwner');
      const now = new Date();
      const [received] = await unit.tx
        .update(profiles)
        .set({ role: 'owner', updatedAt: now })
        .where(eq(profiles.id, target.id))
        .returning();
      const [given] = await unit.tx
        .update(profiles)
        .set({ role: 'admin', updatedAt: now })
        .where(eq(profiles.id, me.id))
        .returning();
      if (!received || !given) throw new AppError('notFound');
      await unit.record({
        name: 'organizations.transferOwnership',
        organizationId,
        actorId: member.profileId,
        subjectType: 'profile',
        subjectId: target.id,
        changes: { from: member.profileId, to: target.id, previousRole: target.role },
      });
      return { giver: given, receiver: received };
    },
    { context },
  );
  const url = `${organizationOrigin(services.config, member.organization.slug)}/settings/members`;
  const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
  await services.mailer.send(
    ownershipReceivedMail(receiver.email, name(giver), member.organization.name, url),
  );
  await services.mailer.send(
    ownershipGivenMail(giver.email, name(receiver), member.organization.name, url),
  );
  return { owner: presentMember(receiver), formerOwner: presentMember(giver) };
}
