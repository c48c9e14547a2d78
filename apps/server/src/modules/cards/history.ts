/**
 * What a card was and what the team learned (issue #24, item 5), written in the transaction of
 * each change:
 * - every card event keeps a snapshot of the card at its new version (title, description,
 *   status, result, section, risk, phase, deleted), so its history tab shows who changed what,
 *   when, as the difference between consecutive versions;
 * - a hypothesis validated or invalidated, an experiment completed, and a hypothesis crossing into
 *   another quadrant of the assumptions map become learning events, the project's timeline.
 */
import { and, desc, eq, gte, inArray, isNull, lt, or } from 'drizzle-orm';
import {
  learningSettingsOf,
  mapPlacement,
  type AssumptionQuadrant,
  type LearningSettings,
} from '@assay/domain';
import type { Executor } from '../../platform/db/index.ts';
import { confidencesFor, UNTESTED } from './confidence.ts';
import {
  cards,
  cardTexts,
  cardVersions,
  connections,
  experiments,
  hypotheses,
  learningEvents,
  type CardSnapshot,
} from './schema.ts';

/** The card as its history compares it, read inside the writing transaction. */
async function snapshotOf(executor: Executor, cardId: string) {
  const [row] = await executor
    .select({
      version: cards.version,
      title: cards.title,
      type: cards.type,
      deletedAt: cards.deletedAt,
      draft: cards.draft,
      description: cardTexts.rawText,
      businessStatus: hypotheses.businessStatus,
      result: hypotheses.result,
      resultReason: hypotheses.resultReason,
      section: hypotheses.canvasSection,
      risky: hypotheses.risky,
      phase: experiments.phase,
    })
    .from(cards)
    .leftJoin(hypotheses, eq(hypotheses.cardId, cards.id))
    .leftJoin(experiments, eq(experiments.cardId, cards.id))
    .leftJoin(cardTexts, and(eq(cardTexts.cardId, cards.id), eq(cardTexts.field, 'description')))
    .where(eq(cards.id, cardId));
  if (!row) return null;
  const snapshot: CardSnapshot = {
    title: row.title,
    description: row.description ?? '',
    businessStatus: row.businessStatus,
    result: row.result,
    resultReason: row.resultReason,
    section: row.section,
    risky: row.risky,
    phase: row.phase,
    deleted: row.deletedAt !== null,
    published: !row.draft,
  };
  return { version: row.version, type: row.type, snapshot };
}

/**
 * Keeps the card as it is before its first recorded change (a card made in one statement, or
 * before history was kept): its creation, by its creator, when it was created.
 */
export async function ensureBaseline(tx: Executor, cardId: string) {
  const [kept] = await tx
    .select({ version: cardVersions.version })
    .from(cardVersions)
    .where(eq(cardVersions.cardId, cardId))
    .limit(1);
  if (kept) return;
  const now = await snapshotOf(tx, cardId);
  if (!now) return;
  const [card] = await tx
    .select({
      organizationId: cards.organizationId,
      projectId: cards.projectId,
      createdBy: cards.createdByProfileId,
      createdAt: cards.createdAt,
    })
    .from(cards)
    .where(eq(cards.id, cardId));
  if (!card) return;
  await tx
    .insert(cardVersions)
    .values({
      cardId,
      version: now.version,
      organizationId: card.organizationId,
      projectId: card.projectId,
      action: now.version === 1 ? 'create' : 'baseline',
      actorProfileId: card.createdBy,
      snapshot: now.snapshot,
      createdAt: card.createdAt,
    })
    .onConflictDoNothing();
}

export interface HistoryActor {
  organizationId: string;
  profileId: string | null;
  learning: unknown;
}

/**
 * Keeps the card's new version and notes what it taught: called with every card event, inside
 * its transaction.
 */
export async function recordCardHistory(
  tx: Executor,
  actor: HistoryActor,
  card: { id: string; projectId: string },
  action: string,
) {
  const now = await snapshotOf(tx, card.id);
  if (!now) return;
  const [before] = await tx
    .select({ snapshot: cardVersions.snapshot })
    .from(cardVersions)
    .where(and(eq(cardVersions.cardId, card.id), lt(cardVersions.version, now.version)))
    .orderBy(desc(cardVersions.version))
    .limit(1);
  await tx
    .insert(cardVersions)
    .values({
      cardId: card.id,
      version: now.version,
      organizationId: actor.organizationId,
      projectId: card.projectId,
      action,
      actorProfileId: actor.profileId,
      snapshot: now.snapshot,
    })
    .onConflictDoNothing();
  const learned = (kind: string, detail: Record<string, unknown> = {}) =>
    tx.insert(learningEvents).values({
      organizationId: actor.organizationId,
      projectId: card.projectId,
      cardId: card.id,
      kind,
      detail,
      actorProfileId: actor.profileId,
    });
  const was = before?.snapshot;
  if (
    now.snapshot.result &&
    now.snapshot.result !== 'none' &&
    now.snapshot.result !== (was?.result ?? 'none')
  )
    await learned(now.snapshot.result, { reason: now.snapshot.resultReason ?? '' });
  if (now.snapshot.phase === 'complete' && was?.phase !== 'complete' && was)
    await learned('experimentCompleted');
  // The map may move: this hypothesis, or the hypotheses this evidence or experiment is
  // connected to.
  const learning = learningSettingsOf(actor.learning);
  // A hypothesis in the trash keeps its place: nothing was learned by deleting it, and a restore
  // brings it back where it was.
  if (now.type === 'hypothesis') {
    if (!now.snapshot.deleted) await noteQuadrants(tx, actor, [card.id], learning);
  } else await noteQuadrants(tx, actor, await connectedHypotheses(tx, card.id), learning);
}

/** Hypotheses connected to a card. */
async function connectedHypotheses(tx: Executor, cardId: string): Promise<string[]> {
  const rows = await tx
    .select({ first: connections.firstCardId, second: connections.secondCardId })
    .from(connections)
    .where(or(eq(connections.firstCardId, cardId), eq(connections.secondCardId, cardId)));
  const others = rows.map((r) => (r.first === cardId ? r.second : r.first));
  if (others.length === 0) return [];
  const found = await tx
    .select({ id: cards.id })
    .from(cards)
    .where(and(inArray(cards.id, others), eq(cards.type, 'hypothesis'), isNull(cards.deletedAt)));
  return found.map((f) => f.id);
}

/**
 * Places hypotheses on the map again and notes each that crossed into another quadrant since it
 * was last placed (the first placement is noted silently: nothing was crossed).
 */
export async function noteQuadrants(
  tx: Executor,
  actor: Pick<HistoryActor, 'organizationId' | 'profileId'>,
  hypothesisIds: string[],
  learning: LearningSettings,
) {
  if (hypothesisIds.length === 0) return;
  const rows = await tx
    .select({
      id: hypotheses.cardId,
      projectId: hypotheses.projectId,
      section: hypotheses.canvasSection,
      risky: hypotheses.risky,
      importance: hypotheses.importance,
      quadrant: hypotheses.quadrant,
      draft: cards.draft,
    })
    .from(hypotheses)
    .innerJoin(cards, eq(cards.id, hypotheses.cardId))
    .where(inArray(hypotheses.cardId, hypothesisIds));
  const confidences = await confidencesFor(tx, { hypothesisIds }, learning);
  for (const row of rows) {
    const { quadrant } = mapPlacement(row, confidences.get(row.id) ?? UNTESTED);
    if (quadrant === row.quadrant) continue;
    await tx.update(hypotheses).set({ quadrant }).where(eq(hypotheses.cardId, row.id));
    if (row.quadrant === null || row.draft) continue;
    await tx.insert(learningEvents).values({
      organizationId: actor.organizationId,
      projectId: row.projectId,
      cardId: row.id,
      kind: 'quadrant',
      detail: { from: row.quadrant as AssumptionQuadrant, to: quadrant },
      actorProfileId: actor.profileId,
    });
  }
}

const TRACKED: (keyof CardSnapshot)[] = [
  'published',
  'title',
  'description',
  'businessStatus',
  'result',
  'resultReason',
  'section',
  'risky',
  'phase',
  'deleted',
];

/** A card's history, newest first: each version with what changed from the one before. */
export async function historyOf(executor: Executor, cardId: string) {
  const rows = await executor
    .select()
    .from(cardVersions)
    .where(eq(cardVersions.cardId, cardId))
    .orderBy(cardVersions.version);
  const entries: {
    version: number;
    action: string;
    actorProfileId: string | null;
    at: Date;
    changes: { field: string; before: string | null; after: string | null }[];
  }[] = [];
  let previous: CardSnapshot | null = null;
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  /** What a creation shows: what the card started with. */
  const FIRST: (keyof CardSnapshot)[] = ['title', 'description', 'section', 'phase'];
  for (const row of rows) {
    const changes = (previous === null ? FIRST : TRACKED)
      .filter(
        (field) => previous === null || (previous[field] ?? null) !== (row.snapshot[field] ?? null),
      )
      .filter((field) => previous !== null || (row.snapshot[field] ?? '') !== '')
      .map((field) => ({
        field,
        before: previous ? text(previous[field]) : null,
        after: text(row.snapshot[field]),
      }));
    if (changes.length > 0 || previous === null)
      entries.push({
        version: row.version,
        action: row.action,
        actorProfileId: row.actorProfileId,
        at: row.createdAt,
        changes,
      });
    previous = row.snapshot;
  }
  return entries.reverse();
}

/** The project's learning events since a date, newest first. */
export async function timelineOf(executor: Executor, projectId: string, since: Date) {
  return executor
    .select({
      id: learningEvents.id,
      kind: learningEvents.kind,
      detail: learningEvents.detail,
      actorProfileId: learningEvents.actorProfileId,
      at: learningEvents.createdAt,
      cardId: learningEvents.cardId,
      title: cards.title,
      type: cards.type,
    })
    .from(learningEvents)
    .innerJoin(cards, eq(cards.id, learningEvents.cardId))
    .where(
      and(
        eq(learningEvents.projectId, projectId),
        gte(learningEvents.createdAt, since),
        isNull(cards.deletedAt),
      ),
    )
    .orderBy(desc(learningEvents.createdAt))
    .limit(200);
}
