/**
 * The cohort leaderboards (part 2 §3 Leaderboard counts, §9 weekly targets): per team the customer
 * interviews, hypotheses in testing, invalidated and validated, and instructor and mentor
 * engagements, against the weekly targets × week number (× team count for the cohort); the
 * instructor and mentor engagement boards with this week's counts; average evidence per team;
 * average days to a result, to one decimal; interviews per week for the chart.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  cohortWeek,
  DEFAULT_COHORT_SETTINGS,
  leaderboardTarget,
  LEADERBOARD_WEEKLY_TARGETS,
  weekLabel,
  weekStartOf,
  type LeaderboardMetric,
} from '@assay/domain';
import type { MemberContext } from '../../http/member-context.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { AppServices } from '../../services.ts';
import { cards, evidence, hypotheses } from '../cards/schema.ts';
import { profiles } from '../organizations/schema.ts';
import { projects } from '../projects/schema.ts';
import { cohortAccess, teamOpenPath, teamsOf } from './access.ts';

const METRICS = Object.keys(LEADERBOARD_WEEKLY_TARGETS) as LeaderboardMetric[];
const DAY_MS = 24 * 60 * 60 * 1000;

type Counts = Record<LeaderboardMetric, number>;
const zero = (): Counts => ({
  interviews: 0,
  inTesting: 0,
  invalidated: 0,
  validated: 0,
  instructorEngagements: 0,
  mentorEngagements: 0,
});

/** Teams by name, the Sample Team left out. */
function competing(teams: readonly { id: string; name: string; isSample: boolean }[]) {
  return teams
    .filter((t) => !t.isSample)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(({ id, name }) => ({ id, name }));
}

/** The cohort's teams by name, the Sample Team left out (leaderboards and reports). */
export async function competingTeams(db: Executor, cohortId: string) {
  return competing(
    await db
      .select({ id: projects.id, name: projects.name, isSample: projects.isSample })
      .from(projects)
      .where(eq(projects.cohortId, cohortId)),
  );
}

/** The leaderboard of a cohort at `now`. */
export async function cohortLeaderboard(
  services: AppServices,
  member: MemberContext,
  cohortId: string,
  now: Date = new Date(),
) {
  const { cohort, cohortRole } = await cohortAccess(services, member, cohortId);
  const db = services.database.db;
  // One read of the teams with their members: the counts' teams and where each opens.
  const withMembers = await teamsOf(db, cohort.id);
  const teams = competing(withMembers.map(({ team }) => team));
  const openPaths = new Map(
    withMembers.map(({ team, members }) => [
      team.id,
      teamOpenPath(member, cohortRole, team, members),
    ]),
  );
  const ids = teams.map((t) => t.id);
  const rows = ids.length
    ? await db
        .select({
          projectId: cards.projectId,
          type: cards.type,
          isEvidence: cards.isEvidence,
          publishedAt: cards.publishedAt,
          createdAt: cards.createdAt,
          businessStatus: hypotheses.businessStatus,
          result: hypotheses.result,
          resultUpdatedAt: hypotheses.resultUpdatedAt,
          engagement: evidence.engagement,
          date: evidence.date,
        })
        .from(cards)
        .leftJoin(hypotheses, eq(hypotheses.cardId, cards.id))
        .leftJoin(evidence, eq(evidence.cardId, cards.id))
        .where(
          and(
            inArray(cards.projectId, ids),
            eq(cards.draft, false),
            eq(cards.template, false),
            isNull(cards.deletedAt),
          ),
        )
    : [];

  const week = cohortWeek(cohort.startsAt, now, cohort.weekBeginsOn);
  const thisWeek = weekStartOf(now, cohort.weekBeginsOn).getTime();
  const perTeam = new Map(ids.map((id) => [id, zero()]));
  const evidenceCount = new Map(ids.map((id) => [id, 0]));
  const engagers = new Map<string, { type: string; engagements: number; thisWeek: number }>();
  const resultDays: number[] = [];
  const interviewWeeks = new Map<number, number>();
  for (const row of rows) {
    const counts = perTeam.get(row.projectId);
    if (!counts) continue;
    if (row.isEvidence)
      evidenceCount.set(row.projectId, (evidenceCount.get(row.projectId) ?? 0) + 1);
    if (row.type === 'hypothesis') {
      if (row.result === 'validated') counts.validated += 1;
      else if (row.result === 'invalidated') counts.invalidated += 1;
      else if (row.businessStatus === 'inTesting') counts.inTesting += 1;
      if (row.result !== 'none' && row.result && row.resultUpdatedAt && row.publishedAt)
        resultDays.push((row.resultUpdatedAt.getTime() - row.publishedAt.getTime()) / DAY_MS);
    }
    if (row.type !== 'interview') continue;
    const when = (row.date ?? row.publishedAt ?? row.createdAt).getTime();
    const engagement = row.engagement;
    if (!engagement) {
      counts.interviews += 1;
      const start = weekStartOf(new Date(when), cohort.weekBeginsOn).getTime();
      interviewWeeks.set(start, (interviewWeeks.get(start) ?? 0) + 1);
      continue;
    }
    if (engagement.type === 'instructor') counts.instructorEngagements += 1;
    if (engagement.type === 'mentor' || engagement.type === 'guest') counts.mentorEngagements += 1;
    if (engagement.profileId) {
      const key = `${engagement.profileId}:${engagement.type}`;
      const entry = engagers.get(key) ?? { type: engagement.type, engagements: 0, thisWeek: 0 };
      entry.engagements += 1;
      if (when >= thisWeek) entry.thisWeek += 1;
      engagers.set(key, entry);
    }
  }

  const people = engagers.size
    ? await db
        .select({
          id: profiles.id,
          firstName: profiles.firstName,
          lastName: profiles.lastName,
          image: profiles.image,
        })
        .from(profiles)
        .where(
          and(
            eq(profiles.organizationId, member.organization.id),
            inArray(
              profiles.id,
              [...engagers.keys()].map((k) => k.split(':')[0] ?? ''),
            ),
          ),
        )
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  const engagementRows = [...engagers.entries()]
    .map(([key, entry]) => {
      const person = byId.get(key.split(':')[0] ?? '');
      return {
        profileId: person?.id ?? '',
        name: person ? `${person.firstName} ${person.lastName}`.trim() : 'Former member',
        image: person?.image ?? null,
        type: entry.type,
        engagements: entry.engagements,
        engagementsThisWeek: entry.thisWeek,
      };
    })
    .sort((a, b) => b.engagements - a.engagements || a.name.localeCompare(b.name));

  const settings = { ...DEFAULT_COHORT_SETTINGS, ...cohort.settings };
  const options = {
    week,
    teamCount: teams.length,
    customTeamCount: settings.customTeamCount,
    weeklyInterviewGoal: settings.weeklyInterviewGoal,
  };
  const totals = zero();
  for (const counts of perTeam.values()) for (const m of METRICS) totals[m] += counts[m];
  const evidenceTotal = [...evidenceCount.values()].reduce((a, b) => a + b, 0);
  const firstWeek = cohort.startsAt
    ? weekStartOf(cohort.startsAt, cohort.weekBeginsOn).getTime()
    : Math.min(thisWeek, ...interviewWeeks.keys());
  const weeks: { label: string; interviews: number }[] = [];
  for (let start = firstWeek; start <= thisWeek && weeks.length < 52; start += 7 * DAY_MS) {
    weeks.push({ label: weekLabel(new Date(start)), interviews: interviewWeeks.get(start) ?? 0 });
  }
  return {
    cohortId: cohort.id,
    name: cohort.name,
    week,
    weekLabel: weekLabel(new Date(thisWeek)),
    teams: teams.map((team) => ({
      openPath: openPaths.get(team.id) ?? `/project-dashboard/${team.id}/overview`,
      id: team.id,
      name: team.name,
      counts: perTeam.get(team.id) ?? zero(),
      evidence: evidenceCount.get(team.id) ?? 0,
    })),
    // A team's target is its weekly target times the week; the cohort's also times the teams.
    teamTargets: Object.fromEntries(
      METRICS.map((m) => [
        m,
        leaderboardTarget({ ...options, metric: m, teamCount: 1, customTeamCount: 1 }),
      ]),
    ) as Counts,
    totals,
    cohortTargets: Object.fromEntries(
      METRICS.map((m) => [m, leaderboardTarget({ ...options, metric: m })]),
    ) as Counts,
    averageEvidencePerTeam: teams.length ? Math.round((evidenceTotal / teams.length) * 10) / 10 : 0,
    averageDaysToResult: resultDays.length
      ? Math.round((resultDays.reduce((a, b) => a + b, 0) / resultDays.length) * 10) / 10
      : null,
    instructorEngagements: engagementRows.filter((r) => r.type === 'instructor'),
    mentorEngagements: engagementRows.filter((r) => r.type === 'mentor' || r.type === 'guest'),
    interviewsByWeek: weeks,
  };
}
