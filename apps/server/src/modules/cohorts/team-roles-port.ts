/**
 * The part a person takes in cohorts, and the role that gives them in a cohort's teams (part 2 §6):
 * used wherever a team (a project with a cohort) is opened, listed or written to.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { cohortTeamAccess } from '@assay/domain';
import type { Executor } from '../../platform/db/index.ts';
import { projectMembers, projects } from '../projects/schema.ts';
import { cohortMembers, cohorts } from './schema.ts';

export interface CohortPart {
  cohortRole: string | null;
  inCohortTeam: boolean;
  /** Students' access ended (six weeks after instruction, or the date set). */
  deactivated: boolean;
}

/** The person's part in each cohort they belong to (or in the cohorts named). */
export async function cohortPartsOf(
  executor: Executor,
  profileId: string,
  cohortIds?: string[],
): Promise<Map<string, CohortPart>> {
  if (cohortIds && cohortIds.length === 0) return new Map();
  const [roles, teams] = await Promise.all([
    executor
      .select({
        cohortId: cohortMembers.cohortId,
        role: cohortMembers.role,
        deactivatesAt: cohorts.deactivatesAt,
      })
      .from(cohortMembers)
      .innerJoin(cohorts, eq(cohorts.id, cohortMembers.cohortId))
      .where(
        and(
          eq(cohortMembers.profileId, profileId),
          cohortIds ? inArray(cohortMembers.cohortId, cohortIds) : undefined,
        ),
      ),
    executor
      .selectDistinct({ cohortId: projects.cohortId, deactivatesAt: cohorts.deactivatesAt })
      .from(projectMembers)
      .innerJoin(projects, eq(projects.id, projectMembers.projectId))
      .innerJoin(cohorts, eq(cohorts.id, projects.cohortId))
      .where(
        and(
          eq(projectMembers.profileId, profileId),
          cohortIds ? inArray(projects.cohortId, cohortIds) : isNotNull(projects.cohortId),
        ),
      ),
  ]);
  const now = Date.now();
  const over = (at: Date | null) => at !== null && at.getTime() < now;
  const parts = new Map<string, CohortPart>();
  for (const r of roles)
    parts.set(r.cohortId, {
      cohortRole: r.role,
      inCohortTeam: false,
      deactivated: over(r.deactivatesAt),
    });
  for (const t of teams) {
    if (!t.cohortId) continue;
    const part = parts.get(t.cohortId) ?? {
      cohortRole: null,
      inCohortTeam: false,
      deactivated: over(t.deactivatesAt),
    };
    parts.set(t.cohortId, { ...part, inCohortTeam: true });
  }
  return parts;
}

/**
 * The person's role in a project: their own, made stronger by what a cohort gives in its teams
 * (read-only for students once the cohort is deactivated).
 */
export function teamRoleWithCohort(
  project: { cohortId: string | null; isSample: boolean },
  ownRole: string | null,
  parts: Map<string, CohortPart>,
): string | null {
  if (!project.cohortId) return ownRole;
  const part = parts.get(project.cohortId);
  if (!part) return ownRole;
  return cohortTeamAccess({ ...part, ownRole, isSampleTeam: project.isSample });
}
