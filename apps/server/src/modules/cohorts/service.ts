/**
 * Cohorts on the academic license (part 2 §3 Cohort, Cohort project; §4; §5 CSV invitations; §6):
 * a cohort is made as a draft with its Sample Team, then invitations, then teams and members;
 * people take part as cohort members (admin, instructor, mentor, guest, observer) or through a
 * team's project role. Organisation owners and admins and cohort admins run it.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  AppError,
  cohortRoleDisplay,
  cohortSubscriptionExpired,
  cohortTiming,
  createCohortSchema,
  DEFAULT_COHORT_SETTINGS,
  defaultCohortEnd,
  DEFAULT_PROJECT_SETTINGS,
  effectiveLimits,
  invitableCohortRoles,
  SAMPLE_TEAM_NAME,
  slugify,
  studentAccessUntil,
  updateCohortSchema,
  type License,
} from '@assay/domain';
import {
  memberHasFeature,
  type MemberContext,
  type RequestContext,
} from '../../http/member-context.ts';
import type { Executor } from '../../platform/db/index.ts';
import { mergeJson } from '../../platform/db/json.ts';
import type { AppServices } from '../../services.ts';
import { favorites } from '../organizations/navigation-schema.ts';
import { invites, profiles } from '../organizations/schema.ts';
import { parse } from '../../http/parse.ts';
import { projectMembers, projects } from '../projects/schema.ts';
import { seedBoardSections } from '../projects/ports.ts';
import { cohortMembers, cohorts, type CohortRow } from './schema.ts';
import { cohortAccess, requireCohorts, teamOpenPath, teamsOf } from './access.ts';
import { managedCohort } from './access.ts';

function presentCohortRow(row: CohortRow) {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    weekBeginsOn: row.weekBeginsOn,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    endsAtDisplay: iso(row.endsAtDisplay),
    deactivatesAt: iso(row.deactivatesAt),
    location: row.location,
    language: row.language,
    tags: row.tags,
    draft: row.draft,
    settings: { ...DEFAULT_COHORT_SETTINGS, ...row.settings },
    info: row.info,
    resources: row.resources,
    payment: row.payment,
    defaultCanvasId: row.defaultCanvasId,
    limits: { transcriptionHours: row.limits.transcriptionHours ?? null },
    ...cohortTiming(row),
    subscriptionExpired: cohortSubscriptionExpired(row.billing),
  };
}

/** The cohort screen: the cohort, its teams (Sample Team last), members and pending invitations. */
export async function getCohort(services: AppServices, member: MemberContext, cohortId: string) {
  const access = await cohortAccess(services, member, cohortId);
  const db = services.database.db;
  const [teams, people, favorite, pending] = await Promise.all([
    teamsOf(db, cohortId),
    db
      .select({
        profileId: cohortMembers.profileId,
        role: cohortMembers.role,
        paidAt: cohortMembers.paidAt,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        email: profiles.email,
      })
      .from(cohortMembers)
      .innerJoin(profiles, eq(profiles.id, cohortMembers.profileId))
      .where(eq(cohortMembers.cohortId, cohortId))
      .orderBy(asc(profiles.lastName)),
    db
      .select({ id: favorites.id })
      .from(favorites)
      .where(
        and(
          eq(favorites.profileId, member.profileId),
          eq(favorites.subjectType, 'cohorts'),
          eq(favorites.subjectId, cohortId),
        ),
      ),
    access.abilities.manage
      ? db
          .select()
          .from(invites)
          .where(
            and(eq(invites.organizationId, member.organization.id), eq(invites.status, 'pending')),
          )
      : Promise.resolve([]),
  ]);
  const teamNames = new Map(teams.map(({ team }) => [team.id, team.name]));
  return {
    ...presentCohortRow(access.cohort),
    isFavorite: favorite.length > 0,
    paymentDue: access.paymentDue,
    role: cohortRoleDisplay(access.cohortRole, access.teamRoles),
    abilities: {
      ...access.abilities,
      inviteCoaches: invitableCohortRoles(memberHasFeature(member, 'cohortGuests')).includes(
        'guest',
      ),
    },
    teams: teams.map(({ team, members }) => ({
      id: team.id,
      name: team.name,
      isSample: team.isSample,
      openPath: teamOpenPath(member, access.cohortRole, team, members),
      members: members.map((m) => ({
        profileId: m.profileId,
        firstName: m.firstName,
        lastName: m.lastName,
        email: m.email,
        // A commenter invited as a coach shows as guest (Coach).
        role: m.isGuest ? 'guest' : m.role,
      })),
    })),
    // Invitations still pending, to the cohort or one of its teams (for those who run it).
    pendingInvites: pending.flatMap((invite) => {
      const toCohort = invite.cohorts.find((c) => c.id === cohortId);
      const toTeam = invite.projects.find((p) => teamNames.has(p.id));
      if (!toCohort && !toTeam) return [];
      return [
        {
          id: invite.id,
          email: invite.email,
          role: toCohort?.role ?? toTeam?.role ?? '',
          team: toTeam ? (teamNames.get(toTeam.id) ?? null) : null,
        },
      ];
    }),
    // "default" and disabled roles leave the cohort list.
    members: people
      .filter((p) => p.role !== 'default' && p.role !== 'disabled')
      .map((p) => ({
        profileId: p.profileId,
        firstName: p.firstName,
        lastName: p.lastName,
        email: p.email,
        role: p.role,
        paid: p.paidAt !== null,
      })),
  };
}

/** Cohorts the member takes part in (all of them for organisation owners and admins). */
export async function listCohorts(services: AppServices, member: MemberContext) {
  requireCohorts(member);
  const db = services.database.db;
  const rows = await db
    .select()
    .from(cohorts)
    .where(eq(cohorts.organizationId, member.organization.id))
    .orderBy(asc(cohorts.name));
  const orgAdmin = member.role === 'owner' || member.role === 'admin';
  if (orgAdmin) return rows.map(presentCohortRow);
  const mine = new Set(
    (
      await db
        .select({ id: cohortMembers.cohortId })
        .from(cohortMembers)
        .where(eq(cohortMembers.profileId, member.profileId))
    ).map((r) => r.id),
  );
  const viaTeams = await db
    .select({ id: projects.cohortId })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(eq(projectMembers.profileId, member.profileId));
  for (const t of viaTeams) if (t.id) mine.add(t.id);
  return rows.filter((r) => mine.has(r.id)).map(presentCohortRow);
}

/** Makes a team (a project in the cohort). */
async function insertTeam(
  executor: Executor,
  member: MemberContext,
  cohort: { id: string; defaultCanvasId: string | null },
  name: string,
  isSample: boolean,
) {
  const [row] = await executor
    .insert(projects)
    .values({
      organizationId: member.organization.id,
      name,
      cohortId: cohort.id,
      isSample,
      settings: { ...DEFAULT_PROJECT_SETTINGS, academicPrivate: false },
      // Teams start from the cohort's canvas template, else the organisation's default.
      canvas: {
        templateId:
          cohort.defaultCanvasId ?? member.organization.canvasTemplates.defaultTemplateId ?? null,
      },
      createdByProfileId: member.profileId,
    })
    .returning();
  if (!row) throw new Error('team insert returned no row');
  // The Sample Team is the creator's to show the cohort how a team works; the other teams are
  // the students' (organisation and cohort admins reach them through their own roles).
  if (isSample)
    await executor.insert(projectMembers).values({
      organizationId: member.organization.id,
      projectId: row.id,
      profileId: member.profileId,
      role: 'owner',
    });
  await seedBoardSections(executor, member.organization.id, row.id);
  return row;
}

/** A canvas template of the organisation's, or null; anything else is refused. */
function checkedCanvas(member: MemberContext, id: string | null | undefined) {
  if (id === undefined || id === null) return id;
  const templates = member.organization.canvasTemplates.templates ?? [];
  if (!templates.some((t) => t.id === id))
    throw new AppError('validation', {
      message: 'That canvas template is not one of your organization’s.',
    });
  return id;
}

/** createCohort: a draft, with its Sample Team and the creator as its admin. */
export async function createCohort(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  requireCohorts(member);
  if (member.role !== 'owner' && member.role !== 'admin') throw new AppError('forbidden');
  const data = parse(createCohortSchema.safeParse(input));
  // The organisation's cohort limit (part 1 §3 Organization limits), when it has one.
  const limit = effectiveLimits(
    member.organization.license as License,
    member.organization.limits,
  ).cohort;
  if (limit !== null) {
    const [held] = await services.database.db
      .select({ n: count() })
      .from(cohorts)
      .where(eq(cohorts.organizationId, member.organization.id));
    if (Number(held?.n ?? 0) >= limit) throw new AppError('cohortLimitReached');
  }
  const startsAt = data.startsAt ? new Date(data.startsAt) : null;
  const endsAt = data.endsAt ? new Date(data.endsAt) : startsAt ? defaultCohortEnd(startsAt) : null;
  const id = await services.transaction(
    async (unit) => {
      const [row] = await unit.tx
        .insert(cohorts)
        .values({
          organizationId: member.organization.id,
          name: data.name,
          slug: `${slugify(data.name) || 'cohort'}${randomBytes(3).toString('hex')}`,
          weekBeginsOn: data.weekBeginsOn,
          startsAt,
          endsAt,
          // Students keep their teams six weeks after instruction ends.
          deactivatesAt: endsAt ? studentAccessUntil(endsAt) : null,
          location: data.location,
          language: data.language,
          defaultCanvasId: checkedCanvas(member, data.defaultCanvasId) ?? null,
          createdByProfileId: member.profileId,
        })
        .returning();
      if (!row) throw new Error('cohort insert returned no row');
      await unit.tx.insert(cohortMembers).values({
        organizationId: member.organization.id,
        cohortId: row.id,
        profileId: member.profileId,
        role: 'admin',
      });
      await insertTeam(unit.tx, member, row, SAMPLE_TEAM_NAME, true);
      await unit.record({
        name: 'cohorts.create',
        organizationId: member.organization.id,
        actorId: member.profileId,
        subjectType: 'cohort',
        subjectId: row.id,
        changes: { name: row.name },
      });
      return row.id;
    },
    { context },
  );
  return getCohort(services, member, id);
}

/** updateCohort: its fields, settings, info and editor pay; publishing ends the draft. */
export async function updateCohort(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(updateCohortSchema.safeParse(input));
  const { cohort } = await managedCohort(services, member, data.cohortId);
  // Limits are the organisation's to give, not the cohort's admins'.
  if (data.limits && member.role !== 'owner' && member.role !== 'admin')
    throw new AppError('forbidden');
  const date = (v: string | null | undefined) =>
    v === undefined ? undefined : v === null ? null : new Date(v);
  const endsAt = date(data.endsAt);
  // A new end moves the students' access with it, unless a deactivation date is given.
  const deactivatesAt =
    data.deactivatesAt !== undefined
      ? date(data.deactivatesAt)
      : endsAt !== undefined
        ? endsAt && studentAccessUntil(endsAt)
        : undefined;
  const patch = Object.fromEntries(
    Object.entries({
      name: data.name,
      weekBeginsOn: data.weekBeginsOn,
      startsAt: date(data.startsAt),
      endsAt,
      endsAtDisplay: date(data.endsAtDisplay),
      deactivatesAt,
      location: data.location,
      language: data.language,
      tags: data.tags,
      draft: data.draft,
      // Nested settings merge in the UPDATE itself, so simultaneous changes to different keys
      // (the fee and the editor-pay switch) both stay.
      settings: data.settings ? mergeJson(cohorts.settings, data.settings) : undefined,
      info: data.info ? mergeJson(cohorts.info, data.info) : undefined,
      defaultCanvasId: checkedCanvas(member, data.defaultCanvasId),
      limits: data.limits ? mergeJson(cohorts.limits, data.limits) : undefined,
      payment: data.payment ? mergeJson(cohorts.payment, data.payment) : undefined,
    }).filter(([, v]) => v !== undefined),
  );
  await services.transaction(
    async (unit) => {
      await unit.tx
        .update(cohorts)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(cohorts.id, cohort.id));
      await unit.record({
        name: 'cohorts.update',
        organizationId: member.organization.id,
        actorId: member.profileId,
        subjectType: 'cohort',
        subjectId: cohort.id,
        changes: { fields: Object.keys(patch) },
      });
    },
    { context },
  );
  return getCohort(services, member, cohort.id);
}

/** createCohortTeam: a new team; a name already used in the cohort is refused (ref 58). */
export async function createCohortTeam(
  services: AppServices,
  member: MemberContext,
  cohortId: string,
  name: string,
  context: RequestContext,
) {
  const { cohort } = await managedCohort(services, member, cohortId);
  const clean = name.trim();
  if (!clean || clean.length > 120)
    throw new AppError('teamCreateFailed', {
      message: `Unable to add team: a team needs a name of up to 120 characters.`,
    });
  const [taken] = await services.database.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.cohortId, cohort.id), sql`lower(${projects.name}) = lower(${clean})`));
  if (taken)
    throw new AppError('teamCreateFailed', {
      message: `Unable to add team: ${clean} is already a team in this cohort.`,
    });
  await services.transaction(
    async (unit) => {
      const team = await insertTeam(unit.tx, member, cohort, clean, false);
      await unit.record({
        name: 'cohorts.team.create',
        organizationId: member.organization.id,
        projectId: team.id,
        actorId: member.profileId,
        subjectType: 'cohort',
        subjectId: cohort.id,
        changes: { teamId: team.id, name: clean },
      });
    },
    { context },
  );
  return getCohort(services, member, cohort.id);
}
