/** Who may see or run a cohort (part 1 §2.5 cohort roles): the cohort feature, access and management. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { AppError, cohortAbilities, projectOpeningPath, roleHas } from '@assay/domain';
import { requireFeature, type MemberContext } from '../../http/member-context.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { AppServices } from '../../services.ts';
import { profiles } from '../organizations/schema.ts';
import { projectAccessColumns, projectMembers, projects } from '../projects/schema.ts';
import { cohortMembers, cohorts } from './schema.ts';

/** The academic license's cohorts feature. */
export function requireCohorts(member: MemberContext) {
  requireFeature(member, 'homepageCohorts');
}

/** The cohort's teams (projects) with their members. */
export async function teamsOf(executor: Executor, cohortId: string) {
  const teams = await executor
    .select(projectAccessColumns)
    .from(projects)
    .where(eq(projects.cohortId, cohortId))
    .orderBy(asc(projects.name));
  const ids = teams.map((t) => t.id);
  const members = ids.length
    ? await executor
        .select({
          projectId: projectMembers.projectId,
          profileId: projectMembers.profileId,
          role: projectMembers.role,
          isGuest: projectMembers.isGuest,
          firstName: profiles.firstName,
          lastName: profiles.lastName,
          email: profiles.email,
        })
        .from(projectMembers)
        .innerJoin(profiles, eq(profiles.id, projectMembers.profileId))
        .where(inArray(projectMembers.projectId, ids))
    : [];
  // The Sample Team goes last.
  return teams
    .sort((a, b) => Number(a.isSample) - Number(b.isSample))
    .map((team) => ({ team, members: members.filter((m) => m.projectId === team.id) }));
}

/**
 * Where a team of the cohort opens for the member. Part 1 §2.5: another team's student opens an
 * academic-private team on its dashboard.
 */
export function teamOpenPath(
  member: MemberContext,
  cohortRole: string | null,
  team: { id: string; settings: { academicPrivate?: boolean | undefined } },
  members: readonly { profileId: string }[],
) {
  return projectOpeningPath({
    projectId: team.id,
    academicPrivate: team.settings.academicPrivate === true,
    hasAccess:
      roleHas(member.role, 'organization:write') ||
      members.some((m) => m.profileId === member.profileId),
    cohortScopeHasDefault: cohortRole === null || cohortRole === 'default',
    hasCohort: true,
  });
}

/** The cohort with the member's part in it; another organisation's, or none of theirs: not found. */
export async function cohortAccess(services: AppServices, member: MemberContext, cohortId: string) {
  requireCohorts(member);
  if (!/^[0-9a-f-]{36}$/i.test(cohortId)) throw new AppError('notFound');
  const db = services.database.db;
  const [cohort] = await db
    .select()
    .from(cohorts)
    .where(and(eq(cohorts.id, cohortId), eq(cohorts.organizationId, member.organization.id)));
  if (!cohort) throw new AppError('notFound');
  const [own] = await db
    .select({ role: cohortMembers.role, paidAt: cohortMembers.paidAt })
    .from(cohortMembers)
    .where(
      and(eq(cohortMembers.cohortId, cohortId), eq(cohortMembers.profileId, member.profileId)),
    );
  const teamRoles = (
    await db
      .select({ role: projectMembers.role })
      .from(projectMembers)
      .innerJoin(projects, eq(projects.id, projectMembers.projectId))
      .where(and(eq(projects.cohortId, cohortId), eq(projectMembers.profileId, member.profileId)))
  ).map((r) => r.role);
  const abilities = cohortAbilities({
    organizationRole: member.role,
    cohortRole: own?.role ?? null,
    teamRoles,
  });
  if (!abilities) throw new AppError('notFound');
  // Editors of a team in an editor-pay cohort pay their fee once; staff never do.
  const paymentDue =
    cohort.payment.editorPay &&
    cohort.payment.editorFeeInCents > 0 &&
    teamRoles.some((r) => r === 'collaborator' || r === 'admin') &&
    !own?.paidAt &&
    (!own || own.role === 'default');
  return { cohort, cohortRole: own?.role ?? null, teamRoles, abilities, paymentDue };
}

export async function managedCohort(
  services: AppServices,
  member: MemberContext,
  cohortId: string,
) {
  const access = await cohortAccess(services, member, cohortId);
  if (!access.abilities.manage) throw new AppError('forbidden');
  return access;
}
