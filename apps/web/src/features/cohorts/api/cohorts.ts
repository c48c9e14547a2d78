/** Cohorts (academic license): the list, one cohort, and its changes. */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { CohortRole, TeamRole } from '@assay/domain';
import { gatewayRequest } from '../../../api/gateway.ts';
import { queueWrite } from '../../../api/write-queue.ts';

export interface CohortSummary {
  id: string;
  name: string;
  slug: string;
  draft: boolean;
  startsAt: string | null;
  endsAt: string | null;
  started: boolean;
  ended: boolean;
  deactivated: boolean;
  isEnding: boolean;
  subscriptionExpired: boolean;
}

export interface CohortInfo {
  agency: string | null;
  hub: string | null;
  adminPartners: string | null;
  university: string | null;
}

export interface CohortTeam {
  id: string;
  name: string;
  isSample: boolean;
  /** Where it opens (its canvas, or its dashboard: part 1 §2.5). */
  openPath: string;
  members: {
    profileId: string;
    firstName: string;
    lastName: string;
    email: string;
    role: string;
  }[];
}

export interface Cohort extends CohortSummary {
  weekBeginsOn: number;
  endsAtDisplay: string | null;
  deactivatesAt: string | null;
  location: string;
  settings: {
    publicInstructorComments: boolean;
    peerCommentsReport: boolean;
    weeklyInterviewGoal: number;
    customTeamCount: number | null;
  };
  info: CohortInfo;
  defaultCanvasId: string | null;
  limits: { transcriptionHours: number | null };
  isFavorite: boolean;
  paymentDue: boolean;
  payment: { editorPay: boolean; editorFeeInCents: number };
  role: string;
  abilities: {
    view: boolean;
    manage: boolean;
    commentOnTeams: boolean;
    critiquePresentations: boolean;
    commentOnPresentations: boolean;
    seeAllTeams: boolean;
    inviteCoaches: boolean;
    review: boolean;
  };
  teams: CohortTeam[];
  members: {
    profileId: string;
    firstName: string;
    lastName: string;
    email: string;
    role: string;
    paid: boolean;
  }[];
  pendingInvites: { id: string; email: string; role: string; team: string | null }[];
}

export interface InviteResult {
  joined: string[];
  invited: string[];
  rowErrors: string[];
  errors: { email: string; message: string }[];
}

const SUMMARY =
  'id name slug draft startsAt endsAt started ended deactivated isEnding subscriptionExpired';
const COHORT = `${SUMMARY} weekBeginsOn endsAtDisplay deactivatesAt location isFavorite paymentDue role
  payment { editorPay editorFeeInCents }
  settings { publicInstructorComments peerCommentsReport weeklyInterviewGoal customTeamCount }
  info { agency hub adminPartners university } defaultCanvasId limits { transcriptionHours }
  abilities { view manage commentOnTeams critiquePresentations commentOnPresentations seeAllTeams inviteCoaches review }
  teams { id name isSample openPath members { profileId firstName lastName email role } }
  members { profileId firstName lastName email role paid }
  pendingInvites { id email role team }`;
const RESULT = 'joined invited rowErrors errors { email message }';

export const cohortKeys = {
  all: ['cohorts'] as const,
  list: ['cohorts', 'list'] as const,
  one: (id: string) => ['cohorts', 'one', id] as const,
};

export function useCohorts() {
  return useQuery({
    queryKey: cohortKeys.list,
    queryFn: async () =>
      (
        await gatewayRequest<{ cohorts: CohortSummary[] }>(
          `query Cohorts { cohorts { ${SUMMARY} } }`,
        )
      ).cohorts,
  });
}

export function useCohort(id: string) {
  return useQuery({
    queryKey: cohortKeys.one(id),
    queryFn: async () =>
      (
        await gatewayRequest<{ cohort: Cohort }>(
          `query Cohort($id: ID!) { cohort(id: $id) { ${COHORT} } }`,
          { id },
        )
      ).cohort,
  });
}

/** Runs a cohort change and keeps the answer as the cohort's cached copy. */
async function change(
  client: QueryClient,
  /** The cohort changed (null for a new one). */
  cohortId: string | null,
  name: string,
  signature: string,
  call: string,
  variables: object,
) {
  const request = () =>
    gatewayRequest<Record<string, Cohort>>(
      `mutation ${name[0]?.toUpperCase()}${name.slice(1)}(${signature}) { ${name}(${call}) { ${COHORT} } }`,
      variables as Record<string, unknown>,
    );
  // Changes to one cohort go out one at a time: two saved at once (the fee, then the switch)
  // answer in order, so the older answer never puts the switch back.
  const data = cohortId ? await queueWrite(`cohort:${cohortId}`, request) : await request();
  const cohort = data[name] as Cohort;
  client.setQueryData(cohortKeys.one(cohort.id), cohort);
  void client.invalidateQueries({ queryKey: cohortKeys.list });
  void client.invalidateQueries({ queryKey: ['side-navigation'] });
  return cohort;
}

export const cohortApi = {
  create: (
    client: QueryClient,
    input: { name: string; startsAt?: string | null; endsAt?: string | null },
  ) => change(client, null, 'createCohort', '$i: JSON!', 'input: $i', { i: input }),
  update: (client: QueryClient, input: Record<string, unknown> & { cohortId: string }) =>
    change(client, input.cohortId, 'updateCohort', '$i: JSON!', 'input: $i', { i: input }),
  addTeam: (client: QueryClient, cohortId: string, name: string) =>
    change(client, cohortId, 'createCohortTeam', '$c: ID!, $n: String!', 'cohortId: $c, name: $n', {
      c: cohortId,
      n: name,
    }),
  /** A member's cohort role; "default" or disabled takes them off the cohort's list. */
  setRole: (client: QueryClient, cohortId: string, profileId: string, role: string) =>
    change(client, cohortId, 'setCohortRole', '$i: JSON!', 'input: $i', {
      i: { cohortId, profileId, role },
    }),
  /** A person's role in one of the cohort's teams, or out of it (null). */
  setTeamRole: (
    client: QueryClient,
    input: { cohortId: string; teamId: string; profileId: string; role: TeamRole | null },
  ) => change(client, input.cohortId, 'setCohortTeamRole', '$i: JSON!', 'input: $i', { i: input }),
  remove: (client: QueryClient, cohortId: string, profileId: string) =>
    change(
      client,
      cohortId,
      'removeFromCohort',
      '$c: ID!, $p: ID!',
      'cohortId: $c, profileId: $p',
      {
        c: cohortId,
        p: profileId,
      },
    ),
  async invite(
    client: QueryClient,
    cohortId: string,
    invitations: {
      email: string;
      cohortRole: CohortRole | null;
      team: { id: string; role: TeamRole } | null;
    }[],
  ) {
    const data = await gatewayRequest<{ inviteToCohort: InviteResult }>(
      `mutation InviteToCohort($c: ID!, $i: JSON!) { inviteToCohort(cohortId: $c, invitations: $i) { ${RESULT} } }`,
      { c: cohortId, i: invitations },
    );
    await client.invalidateQueries({ queryKey: cohortKeys.one(cohortId) });
    return data.inviteToCohort;
  },
  async importCsv(client: QueryClient, cohortId: string, file: { name: string; text: string }) {
    const data = await gatewayRequest<{ importCohortCsv: InviteResult }>(
      `mutation ImportCohortCsv($c: ID!, $f: String!, $t: String!) { importCohortCsv(cohortId: $c, filename: $f, text: $t) { ${RESULT} } }`,
      { c: cohortId, f: file.name, t: file.text },
    );
    await client.invalidateQueries({ queryKey: cohortKeys.one(cohortId) });
    return data.importCohortCsv;
  },
};

export type LeaderboardCounts = Record<
  | 'interviews'
  | 'inTesting'
  | 'invalidated'
  | 'validated'
  | 'instructorEngagements'
  | 'mentorEngagements',
  number
>;

export interface EngagementRow {
  profileId: string;
  name: string;
  image: string | null;
  type: string;
  engagements: number;
  engagementsThisWeek: number;
}

export interface Leaderboard {
  cohortId: string;
  name: string;
  week: number;
  weekLabel: string;
  teams: {
    id: string;
    name: string;
    /** Where the team opens for the viewer (its dashboard when closed to them). */
    openPath: string;
    counts: LeaderboardCounts;
    evidence: number;
  }[];
  teamTargets: LeaderboardCounts;
  totals: LeaderboardCounts;
  cohortTargets: LeaderboardCounts;
  averageEvidencePerTeam: number;
  averageDaysToResult: number | null;
  instructorEngagements: EngagementRow[];
  mentorEngagements: EngagementRow[];
  interviewsByWeek: { label: string; interviews: number }[];
}

const COUNTS = 'interviews inTesting invalidated validated instructorEngagements mentorEngagements';
const ENGAGEMENT = 'profileId name image type engagements engagementsThisWeek';

export function useLeaderboard(cohortId: string) {
  return useQuery({
    queryKey: ['cohorts', 'leaderboard', cohortId],
    queryFn: async () =>
      (
        await gatewayRequest<{ cohortLeaderboard: Leaderboard }>(
          `query CohortLeaderboard($id: ID!) { cohortLeaderboard(cohortId: $id) {
            cohortId name week weekLabel averageEvidencePerTeam averageDaysToResult
            teams { id name openPath evidence counts { ${COUNTS} } }
            teamTargets { ${COUNTS} } totals { ${COUNTS} } cohortTargets { ${COUNTS} }
            instructorEngagements { ${ENGAGEMENT} } mentorEngagements { ${ENGAGEMENT} }
            interviewsByWeek { label interviews } } }`,
          { id: cohortId },
        )
      ).cohortLeaderboard,
  });
}

export interface CommentsReportRow {
  profileId: string;
  name: string;
  role: string;
  kind: 'staff' | 'peer';
  total: number;
  lastCommentAt: string;
  counts: { teamId: string; count: number }[];
}

export interface CommentsReport {
  cohortId: string;
  period: 'week' | 'all';
  since: string | null;
  teams: { id: string; name: string }[];
  staff: CommentsReportRow[] | null;
  peer: CommentsReportRow[] | null;
}

const REPORT_ROW = 'profileId name role kind total lastCommentAt counts { teamId count }';

/** Who commented on which team (staff; peers when the cohort turns the peer report on). */
export function useCommentsReport(cohortId: string, period: 'week' | 'all') {
  return useQuery({
    queryKey: ['cohorts', 'comments-report', cohortId, period],
    queryFn: async () =>
      (
        await gatewayRequest<{ cohortCommentsReport: CommentsReport }>(
          `query CohortCommentsReport($id: ID!, $p: String) { cohortCommentsReport(cohortId: $id, period: $p) {
            cohortId period since teams { id name } staff { ${REPORT_ROW} } peer { ${REPORT_ROW} } } }`,
          { id: cohortId, p: period },
        )
      ).cohortCommentsReport,
  });
}
