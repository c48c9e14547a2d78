/**
 * What the rated evidence says about hypotheses (issue #24), for one card's detail or a whole
 * board at once: each rated connection between a hypothesis and a piece of evidence weighed by
 * the evidence's kind (say, do, pay: the card's own or its type's) and age, one interviewee
 * counted once, and a completed experiment connected to it counted as what people did — its
 * connection's rating, or ±2 from its success criteria met or missed. Draft evidence counts once
 * it is published. The rules are the domain's
 * (`packages/domain/src/learning.ts`); the organisation's weights and half-life apply.
 */
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import {
  evidenceKindOf,
  evidenceStrength,
  hypothesisConfidence,
  type Confidence,
  type EvidenceKind,
  type LearningSettings,
  type RatedEvidence,
} from '@assay/domain';
import type { Executor } from '../../platform/db/index.ts';
import { cardInterviewees, cards, connections, experiments } from './schema.ts';

export const UNTESTED: Confidence = {
  confirming: 0,
  disconfirming: 0,
  score: 0,
  state: 'untested',
  evidence: 0,
  people: 0,
};

/**
 * Confidence of the given hypotheses (by id), or of every hypothesis of `projectId` with a
 * connection; hypotheses without rated evidence are absent from the map (untested).
 */
export async function confidencesFor(
  executor: Executor,
  scope: { projectId: string } | { hypothesisIds: string[] },
  settings: LearningSettings,
  now = new Date(),
): Promise<Map<string, Confidence>> {
  const result = new Map<string, Confidence>();
  const wanted = 'hypothesisIds' in scope ? new Set(scope.hypothesisIds) : null;
  if (wanted && wanted.size === 0) return result;
  const rows = await executor
    .select({
      first: connections.firstCardId,
      second: connections.secondCardId,
      rating: connections.rating,
    })
    .from(connections)
    .where(
      wanted
        ? or(
            inArray(connections.firstCardId, [...wanted]),
            inArray(connections.secondCardId, [...wanted]),
          )
        : eq(connections.projectId, (scope as { projectId: string }).projectId),
    );
  if (!rows.length) return result;
  const ids = [...new Set(rows.flatMap((r) => [r.first, r.second]))];
  const found = await executor
    .select({
      id: cards.id,
      type: cards.type,
      draft: cards.draft,
      evidenceKind: cards.evidenceKind,
      publishedAt: cards.publishedAt,
      createdAt: cards.createdAt,
      phase: experiments.phase,
      success: experiments.success,
      criteria: experiments.successCriteria,
      completedAt: experiments.completedAt,
    })
    .from(cards)
    .leftJoin(experiments, eq(experiments.cardId, cards.id))
    .where(and(inArray(cards.id, ids), isNull(cards.deletedAt)));
  const evidenceIds = found
    .filter((c) => c.type !== 'hypothesis' && c.type !== 'experiment')
    .map((c) => c.id);
  const people = evidenceIds.length
    ? await executor
        .select({ cardId: cardInterviewees.cardId, intervieweeId: cardInterviewees.intervieweeId })
        .from(cardInterviewees)
        .where(inArray(cardInterviewees.cardId, evidenceIds))
    : [];
  return confidencesFrom({ rows, found, people, wanted, settings, now });
}

/** What the confidence of hypotheses is made of: their connections and the cards at the other end. */
export interface ConfidenceInputs {
  rows: { first: string; second: string; rating: number | null }[];
  found: {
    id: string;
    type: string;
    draft: boolean;
    evidenceKind: EvidenceKind | null;
    publishedAt: Date | null;
    createdAt: Date;
    phase: string | null;
    success: boolean | null;
    criteria: { achieved?: boolean | null }[] | null;
    completedAt: Date | null;
  }[];
  people: { cardId: string; intervieweeId: string }[];
  /** Only these hypotheses, or every one the rows reach. */
  wanted: Set<string> | null;
  settings: LearningSettings;
  now: Date;
}

/** The confidence of hypotheses from what it is made of (no database). */
export function confidencesFrom(inputs: ConfidenceInputs): Map<string, Confidence> {
  const { rows, found, people, wanted, settings, now } = inputs;
  const result = new Map<string, Confidence>();
  // A draft is its author's alone: it moves nobody's map until it is published.
  const byId = new Map(
    found.filter((c) => !c.draft || c.type === 'hypothesis').map((c) => [c.id, c]),
  );
  // An interview with several people counts as its first person's (by id, so it is stable).
  const personOf = new Map<string, string>();
  for (const p of [...people].sort((a, b) => a.intervieweeId.localeCompare(b.intervieweeId)))
    if (!personOf.has(p.cardId)) personOf.set(p.cardId, p.intervieweeId);

  const rated = new Map<string, RatedEvidence[]>();
  for (const row of rows) {
    for (const [hypothesisId, otherId] of [
      [row.first, row.second],
      [row.second, row.first],
    ] as const) {
      const hypothesis = byId.get(hypothesisId);
      const other = byId.get(otherId);
      if (!hypothesis || hypothesis.type !== 'hypothesis' || !other) continue;
      if (wanted && !wanted.has(hypothesisId)) continue;
      const piece = ratedPiece(other, row.rating, personOf);
      if (!piece) continue;
      const list = rated.get(hypothesisId) ?? [];
      list.push(piece);
      rated.set(hypothesisId, list);
    }
  }
  for (const [hypothesisId, list] of rated)
    result.set(hypothesisId, hypothesisConfidence(list, now, settings));
  return result;
}

function ratedPiece(
  other: ConfidenceInputs['found'][number],
  rating: number | null,
  personOf: Map<string, string>,
): RatedEvidence | null {
  if (other.type === 'hypothesis') return null;
  if (other.type === 'experiment') {
    // An experiment speaks once it is complete: its success as the team judged it, else its
    // success criteria (all met: it held; one missed: it did not).
    const criteria = other.criteria ?? [];
    const success =
      other.success ??
      (criteria.some((c) => c.achieved === false)
        ? false
        : criteria.length && criteria.every((c) => c.achieved === true)
          ? true
          : null);
    if (other.phase !== 'complete' || success === null) return null;
    return {
      evidenceId: other.id,
      kind: 'do',
      at: other.completedAt ?? other.createdAt,
      rating: rating ?? (success ? 2 : -2),
      personKey: null,
    };
  }
  if (rating === null) return null;
  return {
    evidenceId: other.id,
    kind: evidenceKindOf(other),
    at: other.publishedAt ?? other.createdAt,
    rating,
    personKey: personOf.get(other.id) ?? null,
  };
}

/** What one piece of evidence weighs today: its kind, whether the team set it, its strength. */
export function presentStrength(
  card: {
    type: string;
    evidenceKind: EvidenceKind | null;
    publishedAt: Date | null;
    createdAt: Date;
  },
  settings: LearningSettings,
  now = new Date(),
) {
  if (card.type === 'hypothesis' || card.type === 'experiment') return null;
  const kind = evidenceKindOf(card);
  return {
    kind,
    kindSet: card.evidenceKind !== null,
    weight: settings.weights[kind],
    strength:
      Math.round(
        evidenceStrength({ kind, at: card.publishedAt ?? card.createdAt }, now, settings) * 100,
      ) / 100,
  };
}
