/**
 * Experiment timing (part 2 §4): achieved, pastDue, atRisk or onTrack.
 *
 * - A complete experiment has achieved its timing.
 * - Empty or epoch due dates are ignored (on track).
 * - Overdue when now passes the due date; a date without a time of day lasts the whole day.
 * - At risk: due today; or, measured over the span from publishing to the due date, the plan
 *   phase past 25%, the test phase past 75%, no evidence yet past 50%, or the analyze phase past
 *   75% with no activity in the last eighth of the span.
 * - Past 100% of the span and not due today it is not at risk: here that is always past due.
 */
import type { EXPERIMENT_PHASES } from './canvas.ts';
import { isEmptyDate } from './text.ts';

export type TimingStatus = 'achieved' | 'atRisk' | 'pastDue' | 'onTrack';
type Phase = (typeof EXPERIMENT_PHASES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

export const TIMING_THRESHOLDS = {
  plan: 0.25,
  test: 0.75,
  noEvidence: 0.5,
  analyze: 0.75,
  /** In analyze, "little recent activity": none within this part of the span. */
  recentActivity: 1 / 8,
} as const;

function toDate(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined || isEmptyDate(value)) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) || isEmptyDate(date) ? null : date;
}

function isDateOnly(date: Date): boolean {
  return (
    date.getUTCHours() === 0 &&
    date.getUTCMinutes() === 0 &&
    date.getUTCSeconds() === 0 &&
    date.getUTCMilliseconds() === 0
  );
}

function sameUtcDay(a: Date, b: Date): boolean {
  return a.toISOString().slice(0, 10) === b.toISOString().slice(0, 10);
}

/** The timing status of an experiment at `now`. */
export function experimentTimingStatus(input: {
  now: Date;
  phase: Phase;
  dueDate: Date | string | null | undefined;
  publishedAt: Date | string | null | undefined;
  evidenceCount: number;
  lastActivityAt?: Date | string | null;
}): TimingStatus {
  if (input.phase === 'complete') return 'achieved';
  const due = toDate(input.dueDate);
  if (!due) return 'onTrack';
  const now = input.now.getTime();
  // A due date without a time lasts until the end of that day.
  const dueEnd = isDateOnly(due) ? due.getTime() + DAY_MS - 1 : due.getTime();
  if (now > dueEnd) return 'pastDue';
  if (sameUtcDay(input.now, due)) return 'atRisk';
  const published = toDate(input.publishedAt);
  if (!published) return 'onTrack';
  const span = dueEnd - published.getTime();
  if (span <= 0) return 'onTrack';
  // Past 100% of the span means past the due end, which returned pastDue above; on the due day
  // itself "due today" applies. So the thresholds below only ever see 0–100%.
  const elapsed = (now - published.getTime()) / span;
  if (input.phase === 'plan' && elapsed > TIMING_THRESHOLDS.plan) return 'atRisk';
  if (input.phase === 'test' && elapsed > TIMING_THRESHOLDS.test) return 'atRisk';
  if (input.evidenceCount === 0 && elapsed > TIMING_THRESHOLDS.noEvidence) return 'atRisk';
  if (input.phase === 'analyze' && elapsed > TIMING_THRESHOLDS.analyze) {
    const last = toDate(input.lastActivityAt ?? null);
    const quiet = !last || now - last.getTime() > span * TIMING_THRESHOLDS.recentActivity;
    if (quiet) return 'atRisk';
  }
  return 'onTrack';
}

export const TIMING_LABELS: Record<TimingStatus, string> = {
  achieved: 'Achieved',
  atRisk: 'At risk',
  pastDue: 'Past due',
  onTrack: 'On track',
};
