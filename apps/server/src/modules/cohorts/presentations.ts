/**
 * Cohort presentations (part 2 §3 Presentation, Team presentation): those who run the cohort
 * create, update and delete them (name, guidelines, guideline session, date, teams); instructors
 * write the critique; each team attaches its presentation files (media collection presentations);
 * instructors, mentors and coaches score each team from 1 to 5 and comment (comments on the
 * subject type presentation). Averages are per team and per presentation, to one decimal.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  AppError,
  averageScore,
  createPresentationSchema,
  DEFAULT_COHORT_SETTINGS,
  isUuid,
  scorePresentationSchema,
  seesInstructorComment,
  updatePresentationSchema,
  updateTeamPresentationSchema,
} from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { AppServices } from '../../services.ts';
import { comments } from '../comments/schema.ts';
import { media } from '../media/schema.ts';
import { presentMedia } from '../media/ports.ts';
import { parse } from '../../http/parse.ts';
import { projectMembers, projects } from '../projects/schema.ts';
import {
  presentations,
  presentationScores,
  teamPresentations,
  type PresentationRow,
} from './schema.ts';
import { cohortAccess } from './access.ts';

type CohortAccess = Awaited<ReturnType<typeof cohortAccess>>;

/** The cohort's teams without the Sample Team (the default presenters). */
async function presentingTeams(executor: Executor, cohortId: string) {
  return (
    await executor
      .select({ id: projects.id, name: projects.name, isSample: projects.isSample })
      .from(projects)
      .where(eq(projects.cohortId, cohortId))
      .orderBy(asc(projects.name))
  ).filter((t) => !t.isSample);
}

async function findPresentation(services: AppServices, member: MemberContext, id: string) {
  if (!isUuid(id)) throw new AppError('notFound');
  const [row] = await services.database.db
    .select()
    .from(presentations)
    .where(and(eq(presentations.id, id), eq(presentations.organizationId, member.organization.id)));
  if (!row) throw new AppError('notFound');
  return { row, access: await cohortAccess(services, member, row.cohortId) };
}

/** A team's presentation with the member's part: its cohort access and whether they are in the team. */
export async function teamPresentationAccess(
  services: AppServices,
  member: MemberContext,
  teamPresentationId: string,
) {
  if (!isUuid(teamPresentationId)) throw new AppError('notFound');
  const db = services.database.db;
  const [found] = await db
    .select({ team: teamPresentations, presentation: presentations, projectName: projects.name })
    .from(teamPresentations)
    .innerJoin(presentations, eq(presentations.id, teamPresentations.presentationId))
    .innerJoin(projects, eq(projects.id, teamPresentations.projectId))
    .where(
      and(
        eq(teamPresentations.id, teamPresentationId),
        eq(teamPresentations.organizationId, member.organization.id),
      ),
    );
  if (!found) throw new AppError('notFound');
  const access = await cohortAccess(services, member, found.presentation.cohortId);
  const [membership] = await db
    .select({ role: projectMembers.role, isGuest: projectMembers.isGuest })
    .from(projectMembers)
    .where(
      and(
        eq(projectMembers.projectId, found.team.projectId),
        eq(projectMembers.profileId, member.profileId),
      ),
    );
  const isMember = !!membership && membership.role !== 'observer';
  return {
    ...found,
    access,
    isMember,
    teamRole: membership?.role ?? null,
    isGuest: membership?.isGuest ?? false,
  };
}

async function loadPresentations(
  services: AppServices,
  member: MemberContext,
  access: CohortAccess,
  rows: PresentationRow[],
) {
  const cohortId = access.cohort.id;
  const db = services.database.db;
  const ids = rows.map((r) => r.id);
  const teams = ids.length
    ? await db
        .select({ team: teamPresentations, name: projects.name })
        .from(teamPresentations)
        .innerJoin(projects, eq(projects.id, teamPresentations.projectId))
        .where(inArray(teamPresentations.presentationId, ids))
        .orderBy(asc(projects.name))
    : [];
  const teamIds = teams.map((t) => t.team.id);
  const [scores, files, commentCounts, mine] = teamIds.length
    ? await Promise.all([
        db
          .select()
          .from(presentationScores)
          .where(inArray(presentationScores.teamPresentationId, teamIds)),
        db
          .select()
          .from(media)
          .where(and(eq(media.collection, 'presentations'), inArray(media.subjectId, teamIds))),
        db
          .select({
            id: comments.subjectId,
            engagementType: comments.engagementType,
            n: sql<number>`count(*)::int`,
          })
          .from(comments)
          .where(
            and(
              eq(comments.subjectType, 'presentation'),
              inArray(comments.subjectId, teamIds),
              sql`${comments.deletedAt} is null`,
            ),
          )
          .groupBy(comments.subjectId, comments.engagementType),
        db
          .select({ projectId: projectMembers.projectId })
          .from(projectMembers)
          .where(eq(projectMembers.profileId, member.profileId)),
      ])
    : [[], [], [], []];
  const myTeams = new Set(mine.map((m) => m.projectId));
  // Instructor comments count only where the member may read them.
  const publicInstructorComments =
    access.cohort.settings.publicInstructorComments ??
    DEFAULT_COHORT_SETTINGS.publicInstructorComments;
  const commentCount = (teamPresentationId: string, projectId: string) =>
    commentCounts
      .filter((c) => c.id === teamPresentationId)
      .filter(
        (c) =>
          c.engagementType !== 'instructor' ||
          seesInstructorComment({
            publicInstructorComments,
            commentsOnTeams: access.abilities.commentOnTeams,
            inPresentingTeam: myTeams.has(projectId),
          }),
      )
      .reduce((sum, c) => sum + Number(c.n), 0);
  return rows.map((row) => {
    const own = teams.filter((t) => t.team.presentationId === row.id);
    const all = scores.filter((s) => own.some((t) => t.team.id === s.teamPresentationId));
    return {
      id: row.id,
      cohortId,
      name: row.name,
      guidelines: row.guidelines,
      instructorCritique: row.instructorCritique,
      session: row.session,
      presentationDate: row.presentationDate?.toISOString() ?? null,
      scoreAvg: averageScore(all.map((s) => s.score)),
      teams: own.map(({ team, name }) => {
        const teamScores = scores.filter((s) => s.teamPresentationId === team.id);
        return {
          id: team.id,
          projectId: team.projectId,
          name,
          title: team.name,
          isMember: myTeams.has(team.projectId),
          presentationMedia: files.filter((f) => f.subjectId === team.id).map(presentMedia),
          scoreAvg: averageScore(teamScores.map((s) => s.score)),
          scoreCount: teamScores.length,
          myScore: teamScores.find((s) => s.profileId === member.profileId)?.score ?? null,
          commentCount: commentCount(team.id, team.projectId),
        };
      }),
    };
  });
}

/** The cohort's presentations, newest date last, with each team's files, scores and comments. */
export async function listPresentations(
  services: AppServices,
  member: MemberContext,
  cohortId: string,
) {
  const access = await cohortAccess(services, member, cohortId);
  const rows = await services.database.db
    .select()
    .from(presentations)
    .where(eq(presentations.cohortId, cohortId))
    .orderBy(asc(presentations.presentationDate), asc(presentations.createdAt));
  return loadPresentations(services, member, access, rows);
}

async function onePresentation(services: AppServices, member: MemberContext, id: string) {
  const { row, access } = await findPresentation(services, member, id);
  const [presented] = await loadPresentations(services, member, access, [row]);
  if (!presented) throw new AppError('notFound');
  return presented;
}

export async function createPresentation(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(createPresentationSchema.safeParse(input));
  const { cohort, abilities } = await cohortAccess(services, member, data.cohortId);
  if (!abilities.manage) throw new AppError('forbidden');
  const teams = await presentingTeams(services.database.db, cohort.id);
  const chosen = data.projectIds ? teams.filter((t) => data.projectIds?.includes(t.id)) : teams;
  const id = await services.transaction(
    async (unit) => {
      const [row] = await unit.tx
        .insert(presentations)
        .values({
          organizationId: member.organization.id,
          cohortId: cohort.id,
          name: data.name,
          guidelines: data.guidelines,
          session: data.session,
          presentationDate: data.presentationDate ? new Date(data.presentationDate) : null,
          createdByProfileId: member.profileId,
        })
        .returning();
      if (!row) throw new Error('presentation insert returned no row');
      if (chosen.length)
        await unit.tx.insert(teamPresentations).values(
          chosen.map((t) => ({
            organizationId: member.organization.id,
            presentationId: row.id,
            projectId: t.id,
          })),
        );
      await unit.record({
        name: 'cohorts.presentation.create',
        organizationId: member.organization.id,
        actorId: member.profileId,
        subjectType: 'cohort',
        subjectId: cohort.id,
        changes: { presentationId: row.id, name: row.name },
      });
      return row.id;
    },
    { context },
  );
  return onePresentation(services, member, id);
}

/** updatePresentation: admins change everything; instructors write the critique. */
export async function updatePresentation(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(updatePresentationSchema.safeParse(input));
  const { row, access } = await findPresentation(services, member, data.presentationId);
  const onlyCritique = Object.keys(data).every(
    (k) => k === 'presentationId' || k === 'instructorCritique',
  );
  if (!access.abilities.manage && !(onlyCritique && access.abilities.critiquePresentations))
    throw new AppError('forbidden');
  const teams = data.projectIds
    ? (await presentingTeams(services.database.db, row.cohortId)).filter((t) =>
        data.projectIds?.includes(t.id),
      )
    : null;
  await services.transaction(
    async (unit) => {
      await unit.tx
        .update(presentations)
        .set({
          ...(data.name !== undefined ? { name: data.name } : {}),
          ...(data.guidelines !== undefined ? { guidelines: data.guidelines } : {}),
          ...(data.session !== undefined ? { session: data.session } : {}),
          ...(data.instructorCritique !== undefined
            ? { instructorCritique: data.instructorCritique }
            : {}),
          ...(data.presentationDate !== undefined
            ? { presentationDate: data.presentationDate ? new Date(data.presentationDate) : null }
            : {}),
          updatedAt: new Date(),
        })
        .where(eq(presentations.id, row.id));
      if (teams) {
        const keep = teams.map((t) => t.id);
        const existing = await unit.tx
          .select()
          .from(teamPresentations)
          .where(eq(teamPresentations.presentationId, row.id));
        const gone = existing.filter((e) => !keep.includes(e.projectId)).map((e) => e.id);
        if (gone.length)
          await unit.tx.delete(teamPresentations).where(inArray(teamPresentations.id, gone));
        const added = keep.filter((id) => !existing.some((e) => e.projectId === id));
        if (added.length)
          await unit.tx.insert(teamPresentations).values(
            added.map((projectId) => ({
              organizationId: member.organization.id,
              presentationId: row.id,
              projectId,
            })),
          );
      }
      await unit.record({
        name: 'cohorts.presentation.update',
        organizationId: member.organization.id,
        actorId: member.profileId,
        subjectType: 'cohort',
        subjectId: row.cohortId,
        changes: { presentationId: row.id, fields: Object.keys(data) },
      });
    },
    { context },
  );
  return onePresentation(services, member, row.id);
}

export async function deletePresentation(
  services: AppServices,
  member: MemberContext,
  presentationId: string,
  context: RequestContext,
) {
  const { row, access } = await findPresentation(services, member, presentationId);
  if (!access.abilities.manage) throw new AppError('forbidden');
  await services.transaction(
    async (unit) => {
      await unit.tx.delete(presentations).where(eq(presentations.id, row.id));
      await unit.record({
        name: 'cohorts.presentation.delete',
        organizationId: member.organization.id,
        actorId: member.profileId,
        subjectType: 'cohort',
        subjectId: row.cohortId,
        changes: { presentationId: row.id, name: row.name },
      });
    },
    { context },
  );
  return true;
}

/** scoreTeamPresentation: instructors, mentors and coaches score a team, once each (changeable). */
export async function scoreTeamPresentation(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(scorePresentationSchema.safeParse(input));
  const found = await teamPresentationAccess(services, member, data.teamPresentationId);
  if (!found.access.abilities.commentOnTeams || found.isMember) throw new AppError('forbidden');
  await services.transaction(
    async (unit) => {
      await unit.tx
        .insert(presentationScores)
        .values({
          teamPresentationId: found.team.id,
          profileId: member.profileId,
          score: data.score,
        })
        .onConflictDoUpdate({
          target: [presentationScores.teamPresentationId, presentationScores.profileId],
          set: { score: data.score, updatedAt: new Date() },
        });
      await unit.record({
        name: 'cohorts.presentation.score',
        organizationId: member.organization.id,
        projectId: found.team.projectId,
        actorId: member.profileId,
        subjectType: 'presentation',
        subjectId: found.team.id,
        changes: { score: data.score },
      });
    },
    { context },
  );
  return onePresentation(services, member, found.presentation.id);
}

/** updateTeamPresentation: the team (or those who run the cohort) titles what it presents. */
export async function updateTeamPresentation(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(updateTeamPresentationSchema.safeParse(input));
  const { projectId } = await mayEditTeamPresentation(services, member, data.teamPresentationId);
  const found = await teamPresentationAccess(services, member, data.teamPresentationId);
  await services.transaction(
    async (unit) => {
      await unit.tx
        .update(teamPresentations)
        .set({ name: data.name })
        .where(eq(teamPresentations.id, found.team.id));
      await unit.record({
        name: 'cohorts.presentation.team.update',
        organizationId: member.organization.id,
        projectId,
        actorId: member.profileId,
        subjectType: 'presentation',
        subjectId: found.team.id,
        changes: { name: data.name },
      });
    },
    { context },
  );
  return onePresentation(services, member, found.presentation.id);
}

/** Whether the member may add files to a team's presentation: its members and cohort admins. */
export async function mayEditTeamPresentation(
  services: AppServices,
  member: MemberContext,
  teamPresentationId: string,
) {
  const found = await teamPresentationAccess(services, member, teamPresentationId);
  if (!found.isMember && !found.access.abilities.manage) throw new AppError('forbidden');
  return { projectId: found.team.projectId };
}
