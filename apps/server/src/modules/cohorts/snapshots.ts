/**
 * Cohort weeks kept (issue #24): when a cohort's week ends (its `weekBeginsOn` boundary), every
 * team's map and metrics are kept as that week's snapshot — once, however many instances run
 * the timer — so instructors can compare week N with week M.
 */
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import { AppError, cohortWeek, learningSettingsOf } from '@assay/domain';
import type { MemberContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { learningSummary } from '../cards/ports.ts';
import { organizations } from '../organizations/schema.ts';
import { projects } from '../projects/schema.ts';
import { competingTeams } from './leaderboard.ts';
import { cohorts, cohortSnapshots } from './schema.ts';
import { cohortAccess } from './access.ts';
import { everyHour } from '../../platform/jobs/hourly.ts';

/**
 * Keeps the week that has just ended for every started cohort (or the one given) that has not
 * kept it yet; answers how many team snapshots were written. `now` moves with a test's clock.
 */
export async function snapshotCohortWeeks(
  services: AppServices,
  now = new Date(),
  scope: { cohortId?: string } = {},
) {
  const db = services.database.db;
  const started = await db
    .select({ cohort: cohorts, learning: organizations.learning })
    .from(cohorts)
    .innerJoin(organizations, eq(organizations.id, cohorts.organizationId))
    .where(
      and(
        eq(cohorts.draft, false),
        isNotNull(cohorts.startsAt),
        lte(cohorts.startsAt, now),
        scope.cohortId ? eq(cohorts.id, scope.cohortId) : undefined,
      ),
    );
  let written = 0;
  for (const { cohort, learning } of started) {
    const ended = cohortWeek(cohort.startsAt, now, cohort.weekBeginsOn) - 1;
    if (ended < 1) continue;
    const teams = await competingTeams(db, cohort.id);
    for (const team of teams) {
      const [project] = await db
        .select({ cardsVersion: projects.cardsVersion })
        .from(projects)
        .where(eq(projects.id, team.id));
      if (!project) continue;
      const summary = await learningSummary(
        db,
        {
          organizationId: cohort.organizationId,
          projectId: team.id,
          cardsVersion: project.cardsVersion,
        },
        learningSettingsOf(learning),
      );
      // Once per cohort, week and team: a second instance finds it kept and writes nothing.
      const kept = await db
        .insert(cohortSnapshots)
        .values({
          cohortId: cohort.id,
          week: ended,
          teamId: team.id,
          teamName: team.name,
          metrics: summary.metrics,
          points: summary.points.map(({ id, title, quadrant, state }) => ({
            id,
            title,
            quadrant,
            state,
          })),
        })
        .onConflictDoNothing()
        .returning({ teamId: cohortSnapshots.teamId });
      written += kept.length;
    }
  }
  return written;
}

/** Keeps ended weeks every hour where the job queue runs. */
export function startCohortSnapshots(services: AppServices): () => void {
  return everyHour(services.logger, 'cohort week snapshot', () => snapshotCohortWeeks(services));
}

/** Week N beside week M, team by team, for the cohort's instructors, mentors and admins. */
export async function compareCohortWeeks(
  services: AppServices,
  member: MemberContext,
  cohortId: string,
  weeks: { from?: number | null; to?: number | null },
) {
  const { cohort, abilities } = await cohortAccess(services, member, cohortId);
  if (!abilities.review) throw new AppError('forbidden');
  const rows = await services.database.db
    .select()
    .from(cohortSnapshots)
    .where(eq(cohortSnapshots.cohortId, cohort.id))
    .orderBy(asc(cohortSnapshots.week), asc(cohortSnapshots.teamName));
  const kept = [...new Set(rows.map((r) => r.week))];
  const from = weeks.from ?? kept[0] ?? null;
  const to = weeks.to ?? kept.at(-1) ?? null;
  for (const week of [from, to])
    if (week !== null && !kept.includes(week))
      throw new AppError('validation', { message: `Week ${week} has not been kept yet.` });
  const teams = new Map<string, { id: string; name: string }>();
  for (const r of rows) teams.set(r.teamId, { id: r.teamId, name: r.teamName });
  const at = (teamId: string, week: number | null) =>
    week === null ? null : (rows.find((r) => r.teamId === teamId && r.week === week) ?? null);
  return {
    weeks: kept,
    from,
    to,
    teams: [...teams.values()].map((team) => {
      const a = at(team.id, from);
      const b = at(team.id, to);
      const moved = b
        ? b.points.filter((p) => {
            const before = a?.points.find((q) => q.id === p.id);
            return before && before.quadrant !== p.quadrant;
          }).length
        : 0;
      return {
        team,
        from: a?.metrics ?? null,
        to: b?.metrics ?? null,
        /** Hypotheses in another quadrant in week M than in week N. */
        moved,
      };
    }),
  };
}
