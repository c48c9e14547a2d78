/**
 * What the evidence says about a hypothesis (issue #24, the learning loop's rules).
 *
 * - Evidence strength by kind: what people *say* (an interview, a post, a chat) weighs less than
 *   what they *do* (an observation, usage data, an experiment's result) and what they *pay*
 *   (a pre-order, a letter of intent, a payment). Weights are per organisation; these are the
 *   defaults. Strength decays slowly with age (half-life, 180 days by default).
 * - One person counts once: several cards from the same interviewee give that person's strongest
 *   word for and against, not one vote per card.
 * - Confidence per hypothesis is computed from its rated connections × strength, confirming and
 *   disconfirming kept apart, so "strongly contested" differs from "untested". It is a new,
 *   explained measure beside the spec's rating sum, count and trending score, which stay as they
 *   are.
 * - The assumptions map places each hypothesis by importance × evidence in four quadrants.
 */

export const EVIDENCE_KINDS = ['say', 'do', 'pay'] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

export const EVIDENCE_KIND_LABELS: Record<EvidenceKind, string> = {
  say: 'What people say',
  do: 'What people do',
  pay: 'What people pay',
};

export const DEFAULT_EVIDENCE_WEIGHTS: Record<EvidenceKind, number> = { say: 1, do: 2, pay: 4 };
export const DEFAULT_EVIDENCE_HALF_LIFE_DAYS = 180;

export interface LearningSettings {
  weights: Record<EvidenceKind, number>;
  halfLifeDays: number;
}

export const DEFAULT_LEARNING_SETTINGS: LearningSettings = {
  weights: DEFAULT_EVIDENCE_WEIGHTS,
  halfLifeDays: DEFAULT_EVIDENCE_HALF_LIFE_DAYS,
};

/**
 * The kind of a piece of evidence: set on the card when the team says so (a pre-order, a letter
 * of intent or a payment is "pay"; a post that records what people did is "do"), otherwise from
 * its type — interviews, posts and customer chats are what people say; other evidence
 * (observations, usage data, media) and experiment results are what they do.
 */
export function evidenceKindOf(card: {
  type: string;
  evidenceKind?: EvidenceKind | null;
}): EvidenceKind {
  if (card.evidenceKind) return card.evidenceKind;
  if (card.type === 'interview' || card.type === 'post' || card.type === 'intercom') return 'say';
  return 'do';
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The strength of one piece of evidence: its kind's weight, halved every half-life of age. */
export function evidenceStrength(
  evidence: { kind: EvidenceKind; at: Date },
  now: Date,
  settings: LearningSettings = DEFAULT_LEARNING_SETTINGS,
): number {
  const ageDays = Math.max(0, (now.getTime() - evidence.at.getTime()) / DAY_MS);
  const decay = settings.halfLifeDays > 0 ? 0.5 ** (ageDays / settings.halfLifeDays) : 1;
  return settings.weights[evidence.kind] * decay;
}

/** One rated connection between a hypothesis and a piece of evidence. */
export interface RatedEvidence {
  evidenceId: string;
  kind: EvidenceKind;
  /** When the evidence was gathered (or published). */
  at: Date;
  /** The connection's rating, −2…+2; unrated connections say nothing yet. */
  rating: number | null;
  /** Who said or did it (an interviewee), so one person counts once; null when unknown. */
  personKey: string | null;
}

export type ConfidenceState = 'untested' | 'supported' | 'refuted' | 'contested' | 'weak';

export interface Confidence {
  /** Sum of the confirming contributions (rating/2 × strength). */
  confirming: number;
  /** Sum of the disconfirming contributions, as a positive number. */
  disconfirming: number;
  /** −1 (refuted) … +1 (supported); 0 when untested. Needs several strong pieces to near ±1. */
  score: number;
  state: ConfidenceState;
  /** Rated pieces of evidence, and the distinct people behind them. */
  evidence: number;
  people: number;
}

/** How much evidence it takes before the score moves far from 0 (a prior of "not known yet"). */
const PRIOR = 2;

/** A hypothesis's confidence from its rated evidence. */
export function hypothesisConfidence(
  connections: RatedEvidence[],
  now: Date,
  settings: LearningSettings = DEFAULT_LEARNING_SETTINGS,
): Confidence {
  // Per source (a person, or the card itself when nobody is named): the strongest word for and
  // the strongest word against.
  const bySource = new Map<string, { for: number; against: number }>();
  const people = new Set<string>();
  let evidence = 0;
  for (const c of connections) {
    if (c.rating === null || c.rating === 0) continue;
    evidence += 1;
    if (c.personKey) people.add(c.personKey);
    const key = c.personKey ? `person:${c.personKey}` : `card:${c.evidenceId}`;
    const contribution = (Math.abs(c.rating) / 2) * evidenceStrength(c, now, settings);
    const entry = bySource.get(key) ?? { for: 0, against: 0 };
    if (c.rating > 0) entry.for = Math.max(entry.for, contribution);
    else entry.against = Math.max(entry.against, contribution);
    bySource.set(key, entry);
  }
  let confirming = 0;
  let disconfirming = 0;
  for (const entry of bySource.values()) {
    confirming += entry.for;
    disconfirming += entry.against;
  }
  const weight = confirming + disconfirming;
  const round = (n: number) => Math.round(n * 1000) / 1000;
  // Rounded before it is judged: evidence a few seconds old is not "weaker" than the threshold.
  const score = round(weight === 0 ? 0 : (confirming - disconfirming) / (weight + PRIOR));
  let state: ConfidenceState;
  if (weight === 0) state = 'untested';
  else if (
    confirming > 0 &&
    disconfirming > 0 &&
    Math.min(confirming, disconfirming) / Math.max(confirming, disconfirming) >= 0.5
  )
    state = 'contested';
  else if (score >= 0.5) state = 'supported';
  else if (score <= -0.5) state = 'refuted';
  else state = 'weak';
  return {
    confirming: round(confirming),
    disconfirming: round(disconfirming),
    score: round(score),
    state,
    evidence,
    people: people.size,
  };
}

/** How much evidence there is, 0…1, whatever it says (the map's horizontal axis). */
export function evidenceLevel(
  confidence: Pick<Confidence, 'confirming' | 'disconfirming'>,
): number {
  const weight = confidence.confirming + confidence.disconfirming;
  return Math.round((weight / (weight + PRIOR)) * 1000) / 1000;
}

export const ASSUMPTION_QUADRANTS = [
  'testNow',
  'keepTesting',
  'validated',
  'deprioritised',
] as const;
export type AssumptionQuadrant = (typeof ASSUMPTION_QUADRANTS)[number];

export const ASSUMPTION_QUADRANT_LABELS: Record<AssumptionQuadrant, string> = {
  testNow: 'Test now',
  keepTesting: 'Keep testing',
  validated: 'Validated',
  deprioritised: 'Deprioritised',
};

/** Sections whose hypotheses matter most by default: who, what and who pays. */
const IMPORTANT_SECTIONS = new Set(['customerSegments', 'valuePropositions', 'revenueStreams']);

/** A hypothesis's importance, 0…1, before anyone drags it: from its section and its risk flag. */
export function defaultImportance(hypothesis: { section: string; risky: boolean }): number {
  if (hypothesis.risky) return 0.8;
  return IMPORTANT_SECTIONS.has(hypothesis.section) ? 0.65 : 0.35;
}

/**
 * The quadrant of the assumptions map: important with little evidence → test now; important
 * with enough evidence that supports it → validated; enough evidence that does not settle it
 * (contested, refuted, weak), or little importance with evidence → keep testing; little
 * importance and little evidence → deprioritised.
 */
export function assumptionQuadrant(importance: number, confidence: Confidence): AssumptionQuadrant {
  const enough = evidenceLevel(confidence) >= 0.5;
  if (importance >= 0.5) {
    if (!enough) return 'testNow';
    return confidence.state === 'supported' ? 'validated' : 'keepTesting';
  }
  return enough ? 'keepTesting' : 'deprioritised';
}

/** A hypothesis on the assumptions map. */
export interface MapPlacement {
  /** 0…1, up the map: set by dragging, else from its section and risk flag. */
  importance: number;
  importanceSet: boolean;
  /** 0…1, across the map: how much evidence there is, whatever it says. */
  evidence: number;
  quadrant: AssumptionQuadrant;
}

/** Where a hypothesis sits on the assumptions map and in which quadrant. */
export function mapPlacement(
  hypothesis: { section: string; risky: boolean; importance: number | null },
  confidence: Confidence,
): MapPlacement {
  const importance = hypothesis.importance ?? defaultImportance(hypothesis);
  return {
    importance,
    importanceSet: hypothesis.importance !== null,
    evidence: evidenceLevel(confidence),
    quadrant: assumptionQuadrant(importance, confidence),
  };
}

/** A hypothesis that may be worth testing next, with what the list needs to judge it. */
export interface TestNextCandidate {
  id: string;
  importance: number;
  confidence: Confidence;
  /** A result (validated or invalidated) settles it. */
  result: 'validated' | 'invalidated' | 'none';
  /** An experiment connected to it that is not complete (planned, running or analysed). */
  experimentUnderWay: boolean;
}

export type TestNextReason = 'nothingKnown' | 'littleEvidence' | 'contested' | 'weak' | 'refuted';

export const TEST_NEXT_REASON_TEXT: Record<TestNextReason, string> = {
  nothingKnown: 'It matters and nothing is known about it yet.',
  littleEvidence: 'It matters and there is little evidence so far.',
  contested: 'The evidence disagrees: some confirms it, some does not.',
  weak: 'The evidence so far is weak either way.',
  refuted: 'The evidence says no: test it again, or change it.',
};

/**
 * What to test next: hypotheses that matter (importance ≥ 0.5) with little, weak, contested or
 * refuting evidence, unsettled and with no experiment under way — the most important with the
 * least settled evidence first (contested before weak, since someone's evidence is wrong).
 */
export function testNextOrder<T extends TestNextCandidate>(
  candidates: T[],
): (T & { reason: TestNextReason; priority: number })[] {
  const listed: (T & { reason: TestNextReason; priority: number })[] = [];
  for (const c of candidates) {
    if (c.result !== 'none' || c.experimentUnderWay || c.importance < 0.5) continue;
    const level = evidenceLevel(c.confidence);
    const state = c.confidence.state;
    let reason: TestNextReason;
    if (state === 'untested') reason = 'nothingKnown';
    else if (state === 'contested') reason = 'contested';
    else if (state === 'refuted') reason = 'refuted';
    else if (state === 'weak') reason = 'weak';
    else if (level < 0.5) reason = 'littleEvidence';
    else continue; // supported by enough evidence: validated on the map
    const unsettled = reason === 'contested' ? 0.4 : reason === 'weak' ? 0.2 : 0;
    const priority = Math.round((c.importance * (1 - level) + unsettled) * 1000) / 1000;
    listed.push({ ...c, reason, priority });
  }
  return listed.sort((a, b) => b.priority - a.priority || b.importance - a.importance);
}
