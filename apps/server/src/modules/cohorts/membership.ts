/**
 * Changing who takes part in a cohort (part 2 §4 cohort member roles, §6): a member's cohort role
 * ("default" or disabled takes them off the cohort's list), their role in one of its teams, and
 * taking them out of the cohort altogether (their teams too; a paid fee stays recorded).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { AppError, changeCohortRoleSchema, invitableCohortRoles, TEAM_ROLES } from '@assay/domain';
import { z } from 'zod';
import {
  memberHasFeature,
  type MemberContext,
  type RequestContext,
} from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { profiles } from '../organizations/schema.ts';
import { parse } from '../../http/parse.ts';
import { projectMembers, projects } from '../projects/schema.ts';
import { cohortMembers } from './schema.ts';
import { addToCohort } from './invitations.ts';
import { getCohort } from './service.ts';
import { managedCohort } from './access.ts';

const teamRoleSchema = z.object({
  cohortId: z.string().uuid(),
  teamId: z.string().uuid(),
  profileId: z.string().uuid(),
  /** null takes the person out of the team. */
  role: z.enum(TEAM_ROLES).nullable(),
});

/** A profile of the member's organisation; another organisation's is not found. */
async function organizationProfile(
  services: AppServices,
  member: MemberContext,
  profileId: string,
) {
  const [row] = await services.database.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, profileId), eq(profiles.organizationId, member.organization.id)));
  if (!row) throw new AppError('notFound');
  return row.id;
}

/** setCohortRole: a member's role in the cohort; Coach only where cohortGuests is allowed. */
export async function setCohortRole(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(changeCohortRoleSchema.safeParse(input));
  const { cohort } = await managedCohort(services, member, data.cohortId);
  const profileId = await organizationProfile(services, member, data.profileId);
  const allowed: string[] = [
    ...invitableCohortRoles(memberHasFeature(member, 'cohortGuests')),
    'default',
    'disabled',
  ];
  if (!allowed.includes(data.role))
    throw new AppError('validation', { message: `${data.role} is not a valid role` });
  await services.transaction(
    async (unit) => {
      await unit.tx
        .insert(cohortMembers)
        .values({
          organizationId: member.organization.id,
          cohortId: cohort.id,
          profileId,
          role: data.role,
        })
        .onConflictDoUpdate({
          target: [cohortMembers.cohortId, cohortMembers.profileId],
          set: { role: data.role },
        });
      await unit.record({
        name: 'cohorts.members.role',
        organizationId: member.organization.id,
        actorId: member.profileId,
        subjectType: 'cohort',
        subjectId: cohort.id,
        changes: { profileId, role: data.role },
      });
    },
    { context },
  );
  return getCohort(services, member, cohort.id);
}

/** setCohortTeamRole: puts a person in one of the cohort's teams with a team role, or takes them out. */
export async function setCohortTeamRole(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(teamRoleSchema.safeParse(input));
  const { cohort } = await managedCohort(services, member, data.cohortId);
  const profileId = await organizationProfile(services, member, data.profileId);
  const [team] = await services.database.db
    .select({ id: projects.id, isSample: projects.isSample })
    .from(projects)
    .where(and(eq(projects.id, data.teamId), eq(projects.cohortId, cohort.id)));
  if (!team) throw new AppError('notFound');
  if (team.isSample && data.role && data.role !== 'observer')
    throw new AppError('validation', {
      message: 'members cannot be added to the Sample Team',
    });
  await services.transaction(
    async (unit) => {
      if (data.role)
        await addToCohort(unit.tx, member.organization.id, profileId, cohort.id, {
          cohortRole: null,
          team: { id: team.id, role: data.role },
        });
      else
        await unit.tx
          .delete(projectMembers)
          .where(
            and(eq(projectMembers.projectId, team.id), eq(projectMembers.profileId, profileId)),
          );
      await unit.record({
        name: 'cohorts.team.member',
        organizationId: member.organization.id,
        projectId: team.id,
        actorId: member.profileId,
        subjectType: 'cohort',
        subjectId: cohort.id,
        changes: { profileId, role: data.role },
      });
    },
    { context },
  );
  return getCohort(services, member, cohort.id);
}

/**
 * removeFromCohort: the person leaves the cohort and all its teams. Their cohort role becomes
 * disabled rather than being deleted, so a fee they paid stays on record.
 */
export async function removeFromCohort(
  services: AppServices,
  member: MemberContext,
  cohortId: string,
  profileId: string,
  context: RequestContext,
) {
  const { cohort } = await managedCohort(services, member, cohortId);
  if (!/^[0-9a-f-]{36}$/i.test(profileId)) throw new AppError('notFound');
  const id = await organizationProfile(services, member, profileId);
  const teamIds = (
    await services.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.cohortId, cohort.id))
  ).map((t) => t.id);
  await services.transaction(
    async (unit) => {
      if (teamIds.length)
        await unit.tx
          .delete(projectMembers)
          .where(and(inArray(projectMembers.projectId, teamIds), eq(projectMembers.profileId, id)));
      await unit.tx
        .update(cohortMembers)
        .set({ role: 'disabled' })
        .where(and(eq(cohortMembers.cohortId, cohort.id), eq(cohortMembers.profileId, id)));
      await unit.record({
        name: 'cohorts.members.remove',
        organizationId: member.organization.id,
        actorId: member.profileId,
        subjectType: 'cohort',
        subjectId: cohort.id,
        changes: { profileId: id },
      });
    },
    { context },
  );
  return getCohort(services, member, cohort.id);
}
