/**
 * A profile's cohorts (part 1 §3 Profile.cohorts): each cohort of the organisation the person
 * takes part in, with their role, whether the cohort's editors pay, when they paid, and when the
 * cohort deactivates.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { MemberContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { cohortMembers, cohorts } from './schema.ts';

export async function profileCohorts(
  services: AppServices,
  member: MemberContext,
  profileId: string,
) {
  const rows = await services.database.db
    .select({
      id: cohorts.id,
      name: cohorts.name,
      role: cohortMembers.role,
      payment: cohorts.payment,
      paidAt: cohortMembers.paidAt,
      deactivatesAt: cohorts.deactivatesAt,
    })
    .from(cohortMembers)
    .innerJoin(cohorts, eq(cohorts.id, cohortMembers.cohortId))
    .where(
      and(
        eq(cohortMembers.profileId, profileId),
        eq(cohortMembers.organizationId, member.organization.id),
      ),
    )
    .orderBy(asc(cohorts.name), asc(cohorts.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    role: row.role,
    editorPay: row.payment.editorPay,
    paidAt: row.paidAt?.toISOString() ?? null,
    deactivatesAt: row.deactivatesAt?.toISOString() ?? null,
  }));
}
