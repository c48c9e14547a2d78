import { describe, expect, it } from 'vitest';
import {
  assumptionQuadrant,
  defaultImportance,
  evidenceKindOf,
  evidenceLevel,
  evidenceStrength,
  hypothesisConfidence,
  DEFAULT_LEARNING_SETTINGS,
  TEST_NEXT_REASON_TEXT,
  testNextOrder,
  type RatedEvidence,
  type TestNextCandidate,
} from './learning.ts';
import { learningSettingsOf, learningSettingsSchema } from './learning-schema.ts';

const now = new Date('2026-11-25T12:00:00Z');
const daysAgo = (n: number) => new Date(now.getTime() - n * 24 * 60 * 60 * 1000);
let n = 0;
const e = (over: Partial<RatedEvidence>): RatedEvidence => ({
  evidenceId: `e${(n += 1)}`,
  kind: 'say',
  at: now,
  rating: 2,
  personKey: null,
  ...over,
});

describe('evidence strength', () => {
  it('weighs what people pay over what they do over what they say', () => {
    const say = evidenceStrength({ kind: 'say', at: now }, now);
    const doIt = evidenceStrength({ kind: 'do', at: now }, now);
    const pay = evidenceStrength({ kind: 'pay', at: now }, now);
    expect(say).toBeLessThan(doIt);
    expect(doIt).toBeLessThan(pay);
  });

  it('halves every half-life, and follows the organisation’s settings', () => {
    expect(evidenceStrength({ kind: 'say', at: daysAgo(180) }, now)).toBeCloseTo(0.5);
    expect(evidenceStrength({ kind: 'say', at: daysAgo(360) }, now)).toBeCloseTo(0.25);
    const settings = { weights: { say: 2, do: 3, pay: 5 }, halfLifeDays: 30 };
    expect(evidenceStrength({ kind: 'pay', at: daysAgo(30) }, now, settings)).toBeCloseTo(2.5);
    // Evidence dated in the future (a clock off by a little) is not stronger than today's.
    expect(evidenceStrength({ kind: 'say', at: daysAgo(-10) }, now)).toBe(1);
  });

  it('takes the kind set on the card, else the kind of its type', () => {
    expect(evidenceKindOf({ type: 'interview' })).toBe('say');
    expect(evidenceKindOf({ type: 'intercom' })).toBe('say');
    expect(evidenceKindOf({ type: 'evidenceOther' })).toBe('do');
    expect(evidenceKindOf({ type: 'post', evidenceKind: 'pay' })).toBe('pay');
  });
});

describe('confidence per hypothesis', () => {
  it('is untested with no rated evidence', () => {
    expect(hypothesisConfidence([], now)).toMatchObject({
      score: 0,
      state: 'untested',
      evidence: 0,
    });
    expect(hypothesisConfidence([e({ rating: null }), e({ rating: 0 })], now).state).toBe(
      'untested',
    );
  });

  it('is refuted by disconfirming evidence only', () => {
    const c = hypothesisConfidence([e({ rating: -2, kind: 'do' }), e({ rating: -1 })], now);
    expect(c.state).toBe('refuted');
    expect(c.confirming).toBe(0);
    expect(c.score).toBeLessThan(-0.5);
  });

  it('tells strongly contested from untested', () => {
    const c = hypothesisConfidence(
      [e({ rating: 2, kind: 'pay' }), e({ rating: -2, kind: 'pay' })],
      now,
    );
    expect(c.state).toBe('contested');
    expect(c.score).toBe(0);
    expect(evidenceLevel(c)).toBeGreaterThan(0.7);
  });

  it('counts one interviewee once, however many cards they appear on', () => {
    const one = hypothesisConfidence(
      Array.from({ length: 5 }, () => e({ rating: 2, personKey: 'sam' })),
      now,
    );
    const five = hypothesisConfidence(
      Array.from({ length: 5 }, (_, i) => e({ rating: 2, personKey: `p${i}` })),
      now,
    );
    expect(one.people).toBe(1);
    expect(one.confirming).toBe(1);
    expect(five.people).toBe(5);
    expect(five.confirming).toBe(5);
    expect(five.score).toBeGreaterThan(one.score);
  });

  it('lets old evidence fade', () => {
    const fresh = hypothesisConfidence([e({ rating: 2 }), e({ rating: 2 })], now);
    const old = hypothesisConfidence(
      [e({ rating: 2, at: daysAgo(720) }), e({ rating: 2, at: daysAgo(720) })],
      now,
    );
    expect(old.score).toBeLessThan(fresh.score);
    expect(old.confirming).toBeCloseTo(fresh.confirming / 16, 3);
  });

  it('judges the score as shown: an observation made a minute ago is supported, not weak', () => {
    const aMinuteAgo = new Date(now.getTime() - 60_000);
    expect(hypothesisConfidence([e({ rating: 2, kind: 'do', at: aMinuteAgo })], now)).toMatchObject(
      {
        score: 0.5,
        state: 'supported',
      },
    );
  });

  it('reaches "supported" with a payment sooner than with words', () => {
    expect(hypothesisConfidence([e({ rating: 2 })], now).state).toBe('weak');
    expect(hypothesisConfidence([e({ rating: 2, kind: 'pay' })], now).state).toBe('supported');
  });
});

describe('the assumptions map', () => {
  it('places hypotheses by importance and evidence in the four quadrants', () => {
    const none = hypothesisConfidence([], now);
    const strong = hypothesisConfidence(
      [e({ rating: 2, kind: 'pay' }), e({ rating: 2, kind: 'do' })],
      now,
    );
    const contested = hypothesisConfidence(
      [e({ rating: 2, kind: 'pay' }), e({ rating: -2, kind: 'pay' })],
      now,
    );
    expect(assumptionQuadrant(0.8, none)).toBe('testNow');
    expect(assumptionQuadrant(0.8, strong)).toBe('validated');
    expect(assumptionQuadrant(0.8, contested)).toBe('keepTesting');
    expect(assumptionQuadrant(0.2, none)).toBe('deprioritised');
    expect(assumptionQuadrant(0.2, strong)).toBe('keepTesting');
  });

  it('starts importance from the section and the risk flag', () => {
    expect(defaultImportance({ section: 'keyResources', risky: true })).toBeGreaterThan(
      defaultImportance({ section: 'customerSegments', risky: false }),
    );
    expect(defaultImportance({ section: 'customerSegments', risky: false })).toBeGreaterThanOrEqual(
      0.5,
    );
    expect(defaultImportance({ section: 'keyResources', risky: false })).toBeLessThan(0.5);
  });
});

describe("an organisation's evidence weights", () => {
  it('fill what is unset from the defaults and fall back on anything stored out of range', () => {
    expect(learningSettingsOf({})).toEqual(DEFAULT_LEARNING_SETTINGS);
    expect(learningSettingsOf(null)).toEqual(DEFAULT_LEARNING_SETTINGS);
    expect(learningSettingsOf({ weights: { pay: 8 } })).toEqual({
      weights: { say: 1, do: 2, pay: 8 },
      halfLifeDays: 180,
    });
    expect(learningSettingsOf({ weights: { pay: -3 } })).toEqual(DEFAULT_LEARNING_SETTINGS);
  });

  it('are checked with messages a person can act on', () => {
    const bad = learningSettingsSchema.safeParse({
      weights: { say: 1, do: 2, pay: 11 },
      halfLifeDays: 180,
    });
    expect(bad.error?.issues[0]?.message).toBe('Each weight is a number from 0 to 10.');
    const days = learningSettingsSchema.safeParse({
      weights: { say: 1, do: 2, pay: 4 },
      halfLifeDays: 1.5,
    });
    expect(days.error?.issues[0]?.message).toMatch(/whole number of days/);
    // 0: evidence never fades
    expect(
      evidenceStrength({ kind: 'pay', at: daysAgo(720) }, now, {
        weights: { say: 1, do: 2, pay: 4 },
        halfLifeDays: 0,
      }),
    ).toBe(4);
  });
});

describe('what to test next', () => {
  const untested = hypothesisConfidence([], now);
  const contested = hypothesisConfidence(
    [e({ rating: 2, kind: 'do' }), e({ rating: -2, kind: 'do' })],
    now,
  );
  const supported = hypothesisConfidence([e({ rating: 2, kind: 'pay' })], now);
  const candidate = (id: string, over: Partial<TestNextCandidate> = {}): TestNextCandidate => ({
    id,
    importance: 0.65,
    confidence: untested,
    result: 'none',
    experimentUnderWay: false,
    ...over,
  });

  it('lists what matters and is unsettled, most important and least known first, each with its reason', () => {
    const listed = testNextOrder([
      candidate('minor', { importance: 0.35 }),
      candidate('who'),
      candidate('risky', { importance: 0.8 }),
      candidate('argued', { confidence: contested }),
      candidate('known', { confidence: supported }),
      candidate('settled', { result: 'validated' }),
      candidate('busy', { experimentUnderWay: true }),
    ]);
    expect(listed.map((c) => [c.id, c.reason])).toEqual([
      ['risky', 'nothingKnown'],
      ['who', 'nothingKnown'],
      ['argued', 'contested'],
    ]);
    expect(TEST_NEXT_REASON_TEXT[listed[2]!.reason]).toMatch(/disagrees/);
  });

  it('is empty for a project with nothing important left open', () => {
    expect(testNextOrder([candidate('known', { confidence: supported })])).toEqual([]);
    expect(testNextOrder([])).toEqual([]);
  });
});
