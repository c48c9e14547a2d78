/**
 * Engagement visibility in cohort teams (part 2 §6): meeting cards of instructors, mentors and
 * coaches are shown to some roles only. Lists and the card itself leave out the hidden ones.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { STAFF_ENGAGEMENT_TYPES, visibleEngagementTypes } from '@assay/domain';
import type { MemberContext } from '../../http/member-context.ts';
import type { Executor } from '../../platform/db/index.ts';
import { cards, evidence } from '../cards/schema.ts';
import { projectMembers } from '../projects/schema.ts';
import { cohortMembers } from './schema.ts';

/** The engagement types this member may not see in the project (none outside cohorts). */
export async function hiddenEngagementTypes(
  executor: Executor,
  member: MemberContext,
  project: { id: string; cohortId: string | null },
): Promise<string[]> {
  if (!project.cohortId) return [];
  const [[own], [team]] = await Promise.all([
    executor
      .select({ role: cohortMembers.role })
      .from(cohortMembers)
      .where(
        and(
          eq(cohortMembers.cohortId, project.cohortId),
          eq(cohortMembers.profileId, member.profileId),
        ),
      ),
    executor
      .select({ role: projectMembers.role, isGuest: projectMembers.isGuest })
      .from(projectMembers)
      .where(
        and(
          eq(projectMembers.projectId, project.id),
          eq(projectMembers.profileId, member.profileId),
        ),
      ),
  ]);
  const visible = visibleEngagementTypes({
    organizationRole: member.role,
    cohortRole: own?.role ?? null,
    projectRole: team?.role ?? null,
    isGuest: team?.isGuest ?? false,
  });
  return STAFF_ENGAGEMENT_TYPES.filter((t) => !visible.includes(t));
}

/** A where-condition leaving out cards whose engagement type is hidden. */
export function withoutHiddenEngagements(hidden: string[]): SQL | undefined {
  if (hidden.length === 0) return undefined;
  return sql`not exists (select 1 from ${evidence} where ${evidence.cardId} = ${cards.id} and ${evidence.engagement}->>'type' in (${sql.join(
    hidden.map((t) => sql`${t}`),
    sql`, `,
  )}))`;
}
