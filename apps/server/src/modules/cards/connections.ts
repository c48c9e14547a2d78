/**
 * Connections between cards (part 2 §4): connect, disconnect and rate; both cards' association
 * lists, metrics and rating follow. Ratings -2…2 are kept, anything lower becomes null. A card
 * cannot be connected to itself, to a card of another project, and experiments are not connected
 * while either card is a draft (ref 32).
 */
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import {
  AppError,
  DEFAULT_LEARNING_SETTINGS,
  learningSettingsOf,
  normalizeRating,
  isUuid,
  type Confidence,
  type LearningSettings,
} from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { AppServices } from '../../services.ts';
import { accessForCard, cardAccess, mayEditCard, type CardAccess } from './access.ts';
import {
  insertConnection,
  loadConnectionScene,
  planLearning,
  updateRating,
} from './connection-writes.ts';
import { cleanExperimentsAfterDisconnect } from './experiments.ts';
import { touchProjectCards } from './board-cache.ts';
import { confidencesFor, UNTESTED } from './confidence.ts';
import { noteQuadrants } from './history.ts';
import { cards, connections, experiments, hypotheses, type ConnectionRow } from './schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Which association list a card belongs to. */
function associationKind(card: {
  type: string;
  isEvidence: boolean;
}): 'hypothesis' | 'evidence' | 'experiments' {
  if (card.type === 'hypothesis') return 'hypothesis';
  if (card.type === 'experiment') return 'experiments';
  return 'evidence';
}

/**
 * The rating summary of a card: sum and count of its rated connections, and a trending score that
 * weighs each rating by how recent it is (a week-old rating counts half).
 */
export function ratingSummary(
  rows: { rating: number | null; updatedAt: Date }[],
  now = Date.now(),
) {
  const rated = rows.filter((r) => r.rating !== null);
  const sum = rated.reduce((total, r) => total + (r.rating ?? 0), 0);
  const trending = rated.reduce(
    (total, r) =>
      total + (r.rating ?? 0) / (1 + Math.max(0, now - r.updatedAt.getTime()) / (7 * DAY_MS)),
    0,
  );
  return { sum, count: rated.length, trendingScore: Math.round(trending * 100) / 100 };
}

/** A card's associations (connected cards by kind), metrics and rating, for its detail. */
export async function loadAssociations(
  executor: Executor,
  cardId: string,
  learning: LearningSettings = DEFAULT_LEARNING_SETTINGS,
) {
  const rows = await executor
    .select()
    .from(connections)
    .where(or(eq(connections.firstCardId, cardId), eq(connections.secondCardId, cardId)));
  const otherIds = rows.map((r) => (r.firstCardId === cardId ? r.secondCardId : r.firstCardId));
  const others = otherIds.length
    ? await executor
        .select({
          id: cards.id,
          title: cards.title,
          type: cards.type,
          isEvidence: cards.isEvidence,
          draft: cards.draft,
          hypothesisType: hypotheses.hypothesisType,
          phase: experiments.phase,
          publishedAt: cards.publishedAt,
          createdAt: cards.createdAt,
        })
        .from(cards)
        .leftJoin(hypotheses, eq(hypotheses.cardId, cards.id))
        .leftJoin(experiments, eq(experiments.cardId, cards.id))
        .where(and(inArray(cards.id, otherIds), isNull(cards.deletedAt)))
    : [];
  return associationsFrom(
    cardId,
    rows,
    others,
    (await confidencesFor(executor, { hypothesisIds: [cardId] }, learning)).get(cardId) ?? UNTESTED,
  );
}

/** A card's associations, metrics and rating from its connections and the cards at their ends. */
export function associationsFrom(
  cardId: string,
  rows: ConnectionRow[],
  others: {
    id: string;
    title: string;
    type: string;
    isEvidence: boolean;
    hypothesisType: string | null;
    phase: string | null;
  }[],
  confidence: Confidence,
) {
  const byId = new Map(others.map((o) => [o.id, o]));
  const associations = {
    hypothesis: [] as ReturnType<typeof presentAssociation>[],
    evidence: [] as ReturnType<typeof presentAssociation>[],
    experiments: [] as ReturnType<typeof presentAssociation>[],
  };
  const live: ConnectionRow[] = [];
  for (const row of rows) {
    if (row.firstCardId !== cardId && row.secondCardId !== cardId) continue;
    const other = byId.get(row.firstCardId === cardId ? row.secondCardId : row.firstCardId);
    if (!other) continue;
    live.push(row);
    associations[associationKind(other)].push(presentAssociation(row, other));
  }
  return {
    associations,
    confidence,
    metrics: {
      hypothesis: associations.hypothesis.length,
      evidence: associations.evidence.length,
      experiments: associations.experiments.length,
      activeExperiments: associations.experiments.filter((e) => e.phase !== 'complete').length,
      completeExperiments: associations.experiments.filter((e) => e.phase === 'complete').length,
    },
    rating: ratingSummary(live),
  };
}

function presentAssociation(
  row: ConnectionRow,
  other: {
    id: string;
    title: string;
    type: string;
    hypothesisType: string | null;
    phase: string | null;
  },
) {
  return {
    phase: other.phase,
    connectionId: row.id,
    cardId: other.id,
    title: other.title,
    type: other.type,
    hypothesisType: other.hypothesisType,
    rating: row.rating,
    // Why the rating: the passage of the evidence an accepted suggestion rested on (#49).
    quote: row.quote,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const actorOf = (member: MemberContext) => ({
  organizationId: member.organization.id,
  profileId: member.profileId,
});

/** The member's organisation's evidence weights and half-life over the defaults. */
export function learningOf(member: MemberContext): LearningSettings {
  return learningSettingsOf(member.organization.learning);
}

function mayEdit(access: CardAccess, member: MemberContext) {
  return mayEditCard(access, member.profileId);
}

function record(
  services: AppServices,
  member: MemberContext,
  context: RequestContext,
  projectId: string,
  action: string,
  changes: Record<string, unknown>,
) {
  return (tx: Parameters<Parameters<AppServices['transaction']>[0]>[0]) =>
    tx.record({
      name: `connections.${action}`,
      organizationId: member.organization.id,
      projectId,
      actorId: member.profileId,
      subjectType: 'connection',
      subjectId: String(changes.connectionId ?? ''),
      changes,
    });
}

/** POST /api/canvas/cards/{cardId}/connections: connects the card to another, optionally rated. */
export async function connectCards(
  services: AppServices,
  member: MemberContext,
  cardId: string,
  body: unknown,
  context: RequestContext,
  /** Set by the agent's accepted suggestion only: a quote checked against the evidence (#49). */
  agent: { quote?: string } = {},
) {
  const input = ((body as { connection?: unknown } | null)?.connection ?? body ?? {}) as {
    cardId?: unknown;
    rating?: unknown;
  };
  const otherId = typeof input.cardId === 'string' ? input.cardId : '';
  if (!isUuid(otherId)) throw new AppError('connectionRejected');
  if (!isUuid(cardId)) throw new AppError('cardNotFound');
  // One read for the checks, the learning and the answer; one write (#53).
  const scene = await loadConnectionScene(services, member, [cardId, otherId], null);
  const own = scene.cards.get(cardId);
  if (!own) throw new AppError('cardNotFound');
  const access = await accessForCard(services, member, own);
  if (!mayEdit(access, member)) throw new AppError('forbidden');
  if (otherId === cardId) throw new AppError('connectionRejected');
  const found = scene.cards.get(otherId);
  if (!found) throw new AppError('connectionRejected');
  const other = await accessForCard(services, member, found, undefined, access).catch(() => {
    throw new AppError('connectionRejected');
  });
  if (other.card.projectId !== access.card.projectId) throw new AppError('connectionRejected');
  const experiment = access.card.type === 'experiment' || other.card.type === 'experiment';
  if (experiment && (access.card.draft || other.card.draft))
    throw new AppError('connectionRejected');
  const [first, second] = cardId < otherId ? [cardId, otherId] : [otherId, cardId];
  const rating = input.rating === undefined ? null : normalizeRating(Number(input.rating));
  // the boards show each hypothesis's confidence: a new connection moves it
  const plan = planLearning(
    scene,
    [...scene.links, { firstCardId: first, secondCardId: second, rating }],
    [first, second],
    learningOf(member),
  );
  const written = await insertConnection(services, member, context, {
    projectId: access.card.projectId,
    first,
    second,
    rating,
    quote: agent.quote ?? null,
    moves: plan.moves,
  });
  if (!written)
    throw new AppError('connectionRejected', { message: 'These cards are already connected.' });
  return {
    connection: presentConnection(written.connection),
    ...associationsFrom(
      cardId,
      [...scene.links, written.connection],
      scene.ends,
      plan.confidences.get(cardId) ?? UNTESTED,
    ),
  };
}

function presentConnection(row: ConnectionRow) {
  return {
    id: row.id,
    cards: [row.firstCardId, row.secondCardId],
    rating: row.rating,
    quote: row.quote,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function connectionOf(
  services: AppServices,
  member: MemberContext,
  cardId: string,
  connectionId: string,
) {
  if (!isUuid(connectionId)) throw new AppError('notFound');
  const access = await cardAccess(services, member, cardId);
  if (!mayEdit(access, member)) throw new AppError('forbidden');
  const [row] = await services.database.db
    .select()
    .from(connections)
    .where(
      and(
        eq(connections.id, connectionId),
        eq(connections.organizationId, member.organization.id),
        or(eq(connections.firstCardId, cardId), eq(connections.secondCardId, cardId)),
      ),
    );
  if (!row) throw new AppError('notFound');
  return { access, row };
}

/** DELETE /api/canvas/cards/{cardId}/connections/{connectionId} */
export async function disconnectCards(
  services: AppServices,
  member: MemberContext,
  cardId: string,
  connectionId: string,
  context: RequestContext,
) {
  const { access, row } = await connectionOf(services, member, cardId, connectionId);
  await services.transaction(
    async (unit) => {
      await unit.tx.delete(connections).where(eq(connections.id, row.id));
      // An experiment drops the other card from its success criteria and analysis.
      await cleanExperimentsAfterDisconnect(unit.tx, [row.firstCardId, row.secondCardId]);
      // the boards show each hypothesis's confidence: a removed connection moves it
      await touchProjectCards(unit.tx, access.card.projectId);
      await noteQuadrants(
        unit.tx,
        actorOf(member),
        [row.firstCardId, row.secondCardId],
        learningOf(member),
      );
      await record(services, member, context, access.card.projectId, 'delete', {
        connectionId: row.id,
        cards: [row.firstCardId, row.secondCardId],
      })(unit);
    },
    { context },
  );
  return loadAssociations(services.database.db, cardId, learningOf(member));
}

/** PUT /api/canvas/cards/{cardId}/connections/{connectionId}/rating */
export async function rateConnection(
  services: AppServices,
  member: MemberContext,
  cardId: string,
  connectionId: string,
  body: unknown,
  context: RequestContext,
) {
  if (!isUuid(connectionId)) throw new AppError('notFound');
  if (!isUuid(cardId)) throw new AppError('cardNotFound');
  // One read for the checks, the learning and the answer; one write (#53).
  const scene = await loadConnectionScene(services, member, [cardId], connectionId);
  const own = scene.cards.get(cardId);
  if (!own) throw new AppError('cardNotFound');
  const access = await accessForCard(services, member, own);
  if (!mayEdit(access, member)) throw new AppError('forbidden');
  const row = scene.links.find(
    (l) =>
      l.id === connectionId &&
      l.organizationId === member.organization.id &&
      (l.firstCardId === cardId || l.secondCardId === cardId),
  );
  if (!row) throw new AppError('notFound');
  const raw = (body as { rating?: unknown; connection?: { rating?: unknown } } | null) ?? {};
  const value = raw.connection?.rating ?? raw.rating;
  const rating = value === null || value === undefined ? null : normalizeRating(Number(value));
  // the boards show each hypothesis's confidence: a rating moves it
  const plan = planLearning(
    scene,
    scene.links.map((l) => (l.id === row.id ? { ...l, rating } : l)),
    [row.firstCardId, row.secondCardId],
    learningOf(member),
  );
  const written = await updateRating(services, member, context, {
    projectId: access.card.projectId,
    connectionId: row.id,
    cards: [row.firstCardId, row.secondCardId],
    rating,
    moves: plan.moves,
  });
  if (!written) throw new AppError('notFound');
  return associationsFrom(
    cardId,
    scene.links.map((l) => (l.id === row.id ? written.connection : l)),
    scene.ends,
    plan.confidences.get(cardId) ?? UNTESTED,
  );
}
