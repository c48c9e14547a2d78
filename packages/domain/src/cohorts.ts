/**
 * Cohorts, the classroom mode (part 2 §3 Cohort, §4 cohort timing and member roles, §5 CSV
 * invitations, §6 cohort roles; part 2 §9): timing flags, roles and their names, abilities and
 * engagement visibility (the create and update rules: cohort-schema.ts; CSV invitations:
 * cohort-csv.ts; presentations and resources: cohort-presentations.ts).
 */
import { DEFAULT_WEEKLY_INTERVIEW_GOAL } from './leaderboard.ts';
import { TIMERS } from './limits.ts';
import type { TEAM_ROLES } from './permissions.ts';
import { COHORT_ROLES, TEAM_ROLE_NAMES } from './permissions.ts';

export type CohortRole = (typeof COHORT_ROLES)[number];
export const COHORT_ROLE_NAMES: Record<CohortRole, string> = {
  admin: 'Admin',
  instructor: 'Instructor',
  mentor: 'Mentor',
  guest: 'Coach',
  observer: 'Observer',
};

/** Team roles are project roles in the cohort's team projects. */
export type TeamRole = (typeof TEAM_ROLES)[number];

export const SAMPLE_TEAM_NAME = 'Sample Team';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

export interface CohortDates {
  startsAt: Date | string | null;
  endsAt: Date | string | null;
  /** The end shown to people (instruction end); the end when absent. */
  endsAtDisplay?: Date | string | null;
  deactivatesAt?: Date | string | null;
}

const time = (value: Date | string | null | undefined) =>
  value === null || value === undefined || value === '' ? null : new Date(value).getTime();

/** The cohort's timing flags at `now` (part 2 §4 Cohort timing). */
export function cohortTiming(cohort: CohortDates, now: Date = new Date()) {
  const at = now.getTime();
  const starts = time(cohort.startsAt);
  const end = time(cohort.endsAtDisplay) ?? time(cohort.endsAt);
  const deactivates = time(cohort.deactivatesAt);
  const ended = end !== null && at > end;
  return {
    started: starts === null || at >= starts,
    ended,
    deactivated: deactivates !== null && at > deactivates,
    /** Ending within 5 days before the end. */
    isEnding: end !== null && !ended && end - at <= TIMERS.cohortEndingMs,
  };
}

/** The default end of a cohort starting at `startsAt`: three months later. */
export function defaultCohortEnd(startsAt: Date): Date {
  const end = new Date(startsAt);
  end.setUTCMonth(end.getUTCMonth() + TIMERS.cohortDefaultMonths);
  return end;
}

/** Until when students keep access to their data: six weeks after instruction ends. */
export function studentAccessUntil(endsAt: Date): Date {
  return new Date(endsAt.getTime() + TIMERS.studentAccessWeeks * WEEK_MS);
}

/**
 * The cohort's week number at `now`: 1 in the week (beginning on `weekBeginsOn`) that holds the
 * start, counting calendar weeks from there; never below 1.
 */
export function cohortWeek(
  startsAt: Date | string | null,
  now: Date = new Date(),
  weekBeginsOn = 1,
): number {
  const starts = time(startsAt);
  if (starts === null) return 1;
  const first = weekStartOf(new Date(starts), weekBeginsOn).getTime();
  const current = weekStartOf(now, weekBeginsOn).getTime();
  return Math.max(1, Math.round((current - first) / WEEK_MS) + 1);
}

/** A week's label: its first day to six days later ("Mar 2 - Mar 8"), in UTC. */
export function weekLabel(weekStart: Date): string {
  const format = (d: Date) =>
    d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return `${format(weekStart)} - ${format(new Date(weekStart.getTime() + 6 * DAY_MS))}`;
}

/**
 * The start of the week containing `date` for a cohort whose weeks begin on `weekBeginsOn`
 * (0 Sunday … 6 Saturday; default 1, Monday), at midnight UTC.
 */
export function weekStartOf(date: Date, weekBeginsOn = 1): Date {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const back = (day.getUTCDay() - weekBeginsOn + 7) % 7;
  return new Date(day.getTime() - back * DAY_MS);
}

export const DEFAULT_COHORT_SETTINGS = {
  publicInstructorComments: false,
  peerCommentsReport: false,
  weeklyInterviewGoal: DEFAULT_WEEKLY_INTERVIEW_GOAL,
  customTeamCount: null as number | null,
};
export type CohortSettings = typeof DEFAULT_COHORT_SETTINGS;

const TEAM_ROLE_RANK = ['observer', 'guest', 'commenter', 'collaborator', 'admin', 'owner'];

export interface CohortViewer {
  /** The organisation role: owners and admins run every cohort. */
  organizationRole: string;
  /** The role in the cohort itself, if any. */
  cohortRole: string | null;
  /** Roles held in the cohort's teams. */
  teamRoles: string[];
}

/** What a person may do in a cohort; null when they have no part in it. */
export function cohortAbilities(viewer: CohortViewer) {
  const orgAdmin = viewer.organizationRole === 'owner' || viewer.organizationRole === 'admin';
  const role = viewer.cohortRole;
  const inTeam = viewer.teamRoles.length > 0;
  if (!orgAdmin && !role && !inTeam) return null;
  const manage = orgAdmin || role === 'admin';
  return {
    view: true,
    /** Cohort settings, teams and membership. */
    manage,
    /** Mentors, coaches and instructors comment on all team data. */
    commentOnTeams: manage || role === 'instructor' || role === 'mentor' || role === 'guest',
    /** Instructors also comment separately in presentations. */
    critiquePresentations: manage || role === 'instructor',
    /** Staff comment on every team's presentation; students on theirs and, as peers, the others'. */
    commentOnPresentations:
      manage ||
      role === 'instructor' ||
      role === 'mentor' ||
      role === 'guest' ||
      viewer.teamRoles.some((r) => r !== 'observer'),
    /** Everyone in a team sees the other teams' projects. */
    seeAllTeams: true,
    /** Instructors and mentors review the hypotheses teams mark ready (issue #24). */
    review: manage || role === 'instructor' || role === 'mentor',
  };
}

/** Where a hypothesis stands with the cohort's reviewers (issue #24). */
export const REVIEW_STATES = ['none', 'ready', 'approved', 'changesRequested'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
export const REVIEW_STATE_LABELS: Record<ReviewState, string> = {
  none: 'Not asked',
  ready: 'Ready for review',
  approved: 'Approved',
  changesRequested: 'Changes requested',
};

/** Project roles from lowest to highest, for picking the stronger of two. */
const PROJECT_ROLE_ORDER = [
  'observer',
  'viewer',
  'commenter',
  'limitedContributor',
  'collaborator',
  'admin',
  'owner',
];

/** The stronger of two project roles (either may be missing). */
export function strongerProjectRole(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return PROJECT_ROLE_ORDER.indexOf(b) > PROJECT_ROLE_ORDER.indexOf(a) ? b : a;
}

/**
 * The role a cohort gives a person in one of its teams (part 2 §6), besides any role they hold in
 * that team itself; null when the cohort gives none. Cohort admins run the teams; instructors,
 * mentors and coaches comment on all team data; observers, and the members of the other teams,
 * see it. In the Sample Team admins and instructors get member functionality and everyone else
 * observes. A "default" or disabled cohort role gives nothing of its own.
 */
export function cohortTeamRole(viewer: {
  cohortRole: string | null;
  /** Whether the person belongs to any team of the cohort. */
  inCohortTeam: boolean;
  isSampleTeam: boolean;
}): string | null {
  const role = viewer.cohortRole;
  if (viewer.isSampleTeam) {
    if (role === 'admin' || role === 'instructor') return 'collaborator';
    if (role && role !== 'default' && role !== 'disabled') return 'observer';
    return viewer.inCohortTeam ? 'observer' : null;
  }
  switch (role) {
    case 'admin':
      return 'admin';
    case 'instructor':
    case 'mentor':
    case 'guest':
      return 'commenter';
    case 'observer':
      return 'observer';
    default:
      return viewer.inCohortTeam ? 'observer' : null;
  }
}

/**
 * A person's role in a cohort's team: the stronger of their own and what the cohort gives; once
 * the cohort is deactivated (students' access over), students only read — staff keep theirs.
 */
export function cohortTeamAccess(viewer: {
  ownRole: string | null;
  cohortRole: string | null;
  inCohortTeam: boolean;
  isSampleTeam: boolean;
  deactivated: boolean;
}): string | null {
  const given = cohortTeamRole(viewer);
  const staff =
    !!viewer.cohortRole && (COHORT_ROLES as readonly string[]).includes(viewer.cohortRole);
  if (viewer.deactivated && !staff) return viewer.ownRole || given ? 'observer' : null;
  return strongerProjectRole(viewer.ownRole, given);
}

/** Cohort roles a member's role may be changed to: the invitable ones, "default" and disabled. */
export const ASSIGNABLE_COHORT_ROLES = [...COHORT_ROLES, 'default', 'disabled'] as const;

/** The cohort's subscription has expired: its billing account's date passed, unless billed by hand. */
export function cohortSubscriptionExpired(
  billing: { expirationDate?: string | null; manual?: boolean } | null | undefined,
  now: Date = new Date(),
): boolean {
  if (!billing?.expirationDate || billing.manual) return false;
  return new Date(billing.expirationDate).getTime() < now.getTime();
}

/** The role a person is shown with: a cohort role, or "default" with their highest team role. */
export function cohortRoleDisplay(cohortRole: string | null, teamRoles: string[]): string {
  if (cohortRole && cohortRole !== 'default')
    return COHORT_ROLE_NAMES[cohortRole as CohortRole] ?? cohortRole;
  const highest = [...teamRoles].sort(
    (a, b) => TEAM_ROLE_RANK.indexOf(b) - TEAM_ROLE_RANK.indexOf(a),
  )[0];
  return highest ? `default (${TEAM_ROLE_LABELS[highest] ?? highest})` : 'default';
}

const TEAM_ROLE_LABELS: Record<string, string> = {
  ...TEAM_ROLE_NAMES,
  owner: TEAM_ROLE_NAMES.admin,
};

/** Cohort roles offered when inviting: Coach only where the organisation has cohortGuests. */
export function invitableCohortRoles(hasCohortGuests: boolean): CohortRole[] {
  return COHORT_ROLES.filter((r) => r !== 'guest' || hasCohortGuests);
}

// Engagement visibility (part 2 §6).

/** The engagements of cohort staff (meetings with an instructor, a mentor or a coach). */
export const STAFF_ENGAGEMENT_TYPES = ['instructor', 'mentor', 'guest'] as const;
export type StaffEngagement = (typeof STAFF_ENGAGEMENT_TYPES)[number];

/**
 * Which engagements (meeting cards of instructors, mentors and coaches) a person sees in a cohort
 * team: instructors and admins see all three; mentors and observers see mentors'; coaches see
 * coaches'; a team's commenter sees mentors', or coaches' when flagged a guest. Organisation
 * owners and admins and the team's own members see them all.
 */
export function visibleEngagementTypes(viewer: {
  organizationRole: string;
  cohortRole: string | null;
  projectRole: string | null;
  isGuest: boolean;
}): readonly StaffEngagement[] {
  if (viewer.organizationRole === 'owner' || viewer.organizationRole === 'admin')
    return STAFF_ENGAGEMENT_TYPES;
  switch (viewer.cohortRole) {
    case 'admin':
    case 'instructor':
      return STAFF_ENGAGEMENT_TYPES;
    case 'mentor':
    case 'observer':
      return ['mentor'];
    case 'guest':
      return ['guest'];
    default:
      break;
  }
  if (viewer.projectRole === 'commenter') return viewer.isGuest ? ['guest'] : ['mentor'];
  return STAFF_ENGAGEMENT_TYPES;
}

// Comments reports (part 2 §2 comments report; §3 Cohort settings peerCommentsReport).

/** Cohort roles whose comments on teams are staff comments (a disabled or "default" role is not). */
const STAFF_COHORT_ROLES: readonly string[] = COHORT_ROLES;

/**
 * How one comment on a team counts in the comments report: staff comments (cohort admins,
 * instructors, mentors, coaches, observers, and organisation admins outside the teams), peer
 * comments (a student on another team), or nothing (a team talking among itself).
 */
export function commentReportKind(author: {
  cohortRole: string | null;
  organizationRole: string;
  /** The teams the author belongs to. */
  teamIds: readonly string[];
  /** The team commented on. */
  teamId: string;
}): 'staff' | 'peer' | null {
  if (author.cohortRole && STAFF_COHORT_ROLES.includes(author.cohortRole)) return 'staff';
  if (author.teamIds.includes(author.teamId)) return null;
  if (author.teamIds.length > 0) return 'peer';
  return author.organizationRole === 'owner' || author.organizationRole === 'admin'
    ? 'staff'
    : null;
}

/**
 * What of the comments report a person reads: those with a cohort role and organisation admins
 * read the staff report, and the peer report when the cohort turns it on; students read the peer
 * report only, and only when it is on.
 */
export function commentsReportAccess(viewer: {
  cohortRole: string | null;
  organizationRole: string;
  peerCommentsReport: boolean;
}): { staff: boolean; peer: boolean } {
  const staff =
    (!!viewer.cohortRole && STAFF_COHORT_ROLES.includes(viewer.cohortRole)) ||
    viewer.organizationRole === 'owner' ||
    viewer.organizationRole === 'admin';
  return { staff, peer: viewer.peerCommentsReport };
}

/**
 * Whether a person sees an instructor's comment on a team's presentation: everyone in the cohort
 * when the cohort makes instructor comments public; otherwise the staff who comment on teams and
 * the team that presented.
 */
export function seesInstructorComment(viewer: {
  publicInstructorComments: boolean;
  commentsOnTeams: boolean;
  inPresentingTeam: boolean;
}): boolean {
  return viewer.publicInstructorComments || viewer.commentsOnTeams || viewer.inPresentingTeam;
}

/** The engagement type a comment on a presentation is recorded with, from the author's roles. */
export function presentationCommentEngagement(author: {
  cohortRole: string | null;
  organizationRole: string;
  teamRole: string | null;
  isGuest: boolean;
}): StaffEngagement | null {
  switch (author.cohortRole) {
    case 'admin':
    case 'instructor':
      return 'instructor';
    case 'mentor':
      return 'mentor';
    case 'guest':
      return 'guest';
    default:
      break;
  }
  if (author.teamRole === 'commenter') return author.isGuest ? 'guest' : 'mentor';
  if (
    !author.teamRole &&
    (author.organizationRole === 'owner' || author.organizationRole === 'admin')
  )
    return 'instructor';
  return null;
}
