/** Leaderboard weekly targets (part 2 §9). */

export const LEADERBOARD_WEEKLY_TARGETS = {
  interviews: 10,
  inTesting: 10,
  invalidated: 3,
  validated: 1,
  instructorEngagements: 5,
  mentorEngagements: 5,
} as const;
export type LeaderboardMetric = keyof typeof LEADERBOARD_WEEKLY_TARGETS;

export const DEFAULT_WEEKLY_INTERVIEW_GOAL = 10;

/**
 * Target for a metric: the weekly target per team (interviews use the cohort's weekly interview
 * goal) times the week number times the team count (custom count, or non-sample teams, minimum 1).
 */
export function leaderboardTarget(options: {
  metric: LeaderboardMetric;
  week: number;
  teamCount: number;
  customTeamCount?: number | null;
  weeklyInterviewGoal?: number | null;
}): number {
  const perTeam =
    options.metric === 'interviews'
      ? (options.weeklyInterviewGoal ?? DEFAULT_WEEKLY_INTERVIEW_GOAL)
      : LEADERBOARD_WEEKLY_TARGETS[options.metric];
  const teams = Math.max(1, options.customTeamCount || options.teamCount);
  return perTeam * Math.max(1, options.week) * teams;
}
