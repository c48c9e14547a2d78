import { describe, expect, it } from 'vitest';
import { experimentTimingStatus, type TimingStatus } from './timing.ts';

// Published 1 Nov 00:00, due 1 Dec 12:00 (a 30.5-day span): now is placed at a share of it.
const published = new Date('2026-11-01T00:00:00.000Z');
const due = new Date('2026-12-01T12:00:00.000Z');
const span = due.getTime() - published.getTime();
const at = (share: number) => new Date(published.getTime() + span * share);

type Row = [
  string,
  Partial<Parameters<typeof experimentTimingStatus>[0]> & { now: Date },
  TimingStatus,
];

const rows: Row[] = [
  [
    'complete is achieved, even late',
    { phase: 'complete', now: new Date('2027-01-01') },
    'achieved',
  ],
  ['no due date is on track', { dueDate: null, now: at(0.9) }, 'onTrack'],
  ['an epoch due date is ignored', { dueDate: '1970-01-01T00:00:00Z', now: at(0.9) }, 'onTrack'],
  ['a year-one due date is ignored', { dueDate: '0001-01-01', now: at(0.9) }, 'onTrack'],
  ['past the due time is past due', { now: new Date(due.getTime() + 1) }, 'pastDue'],
  ['at the due time exactly it is due today', { now: due }, 'atRisk'],
  [
    'earlier on the due day it is due today (at risk)',
    { phase: 'test', evidenceCount: 3, now: new Date('2026-12-01T08:00:00Z') },
    'atRisk',
  ],
  [
    'a date-only due date lasts the whole day',
    { dueDate: '2026-12-01T00:00:00.000Z', now: new Date('2026-12-01T23:00:00Z') },
    'atRisk',
  ],
  [
    'the day after a date-only due date is past due',
    { dueDate: '2026-12-01T00:00:00.000Z', now: new Date('2026-12-02T00:00:00Z') },
    'pastDue',
  ],
  ['plan at 25% exactly is on track', { phase: 'plan', now: at(0.25) }, 'onTrack'],
  ['plan just past 25% is at risk', { phase: 'plan', now: at(0.26) }, 'atRisk'],
  [
    'test at 75% exactly is on track',
    { phase: 'test', evidenceCount: 1, now: at(0.75) },
    'onTrack',
  ],
  ['test past 75% is at risk', { phase: 'test', evidenceCount: 1, now: at(0.76) }, 'atRisk'],
  [
    'no evidence at 50% exactly is on track',
    { phase: 'test', evidenceCount: 0, now: at(0.5) },
    'onTrack',
  ],
  ['no evidence past 50% is at risk', { phase: 'test', evidenceCount: 0, now: at(0.51) }, 'atRisk'],
  [
    'evidence keeps test on track at 60%',
    { phase: 'test', evidenceCount: 2, now: at(0.6) },
    'onTrack',
  ],
  [
    'analyze past 75% with recent activity is on track',
    { phase: 'analyze', evidenceCount: 2, now: at(0.8), lastActivityAt: at(0.79) },
    'onTrack',
  ],
  [
    'analyze past 75% with no activity in the last eighth is at risk',
    { phase: 'analyze', evidenceCount: 2, now: at(0.9), lastActivityAt: at(0.9 - 0.126) },
    'atRisk',
  ],
  [
    'analyze past 75% with activity exactly an eighth ago is on track',
    { phase: 'analyze', evidenceCount: 2, now: at(0.9), lastActivityAt: at(0.9 - 0.125) },
    'onTrack',
  ],
  [
    'analyze past 75% with no activity recorded is at risk',
    { phase: 'analyze', evidenceCount: 2, now: at(0.8) },
    'atRisk',
  ],
  [
    'analyze at 75% exactly is on track',
    { phase: 'analyze', evidenceCount: 2, now: at(0.75) },
    'onTrack',
  ],
  [
    'without a publish date only the due date counts',
    { publishedAt: null, phase: 'plan', now: at(0.9) },
    'onTrack',
  ],
  [
    'a due date before publishing is on track until due',
    { publishedAt: '2026-12-15T00:00:00Z', now: at(0.5) },
    'onTrack',
  ],
];

describe('experiment timing', () => {
  it.each(rows)('%s', (_name, input, expected) => {
    expect(
      experimentTimingStatus({
        phase: 'plan',
        dueDate: due,
        publishedAt: published,
        evidenceCount: 0,
        ...input,
      }),
    ).toBe(expected);
  });

  it('is past due, not at risk, once more than 100% of the span has gone by', () => {
    expect(
      experimentTimingStatus({
        now: at(1.01),
        phase: 'plan',
        dueDate: due,
        publishedAt: published,
        evidenceCount: 0,
      }),
    ).toBe('pastDue');
  });
});
