/**
 * How the agent's answers become cards and project parts: hypotheses on the canvas, experiments
 * in Plan, texts marked generated, dashboard statements and market notes written only where a
 * person has not changed them, petal categories replaced only where nobody touched them.
 */
import { and, eq, inArray, isNull, max } from 'drizzle-orm';
import {
  EMPTY_MARKET,
  plainToHtml,
  rankBetween,
  type GeneratedDashboard,
  type GeneratedExperiment,
  type GeneratedHypothesis,
  type MarketData,
  type PetalDiagramData,
  type ProjectGenerated,
} from '@assay/domain';
import { randomUUID } from 'node:crypto';
import type { Executor, Tx } from '../../platform/db/index.ts';
import type { UnitOfWork } from '../../platform/events/unit-of-work.ts';
import { touchProjectCards } from '../cards/ports.ts';
import { cards, cardTexts, connections, experiments, hypotheses } from '../cards/schema.ts';
import { projects, type ProjectRow } from '../projects/schema.ts';

export interface Actor {
  organizationId: string;
  projectId: string;
  profileId: string | null;
}

/** Writes a generated text on a card unless a person has written that field. Returns whether it wrote. */
export async function writeGeneratedText(
  tx: Tx,
  actor: Actor,
  cardId: string,
  field: string,
  plain: string,
): Promise<boolean> {
  const [existing] = await tx
    .select({ generated: cardTexts.generated, rawText: cardTexts.rawText })
    .from(cardTexts)
    .where(and(eq(cardTexts.cardId, cardId), eq(cardTexts.field, field)));
  if (existing && !existing.generated && existing.rawText.trim()) return false;
  const row = {
    cardId,
    field,
    text: plainToHtml(plain),
    rawText: plain,
    mentions: [],
    generated: true,
    updatedAt: new Date(),
    updatedByProfileId: actor.profileId,
  };
  await tx
    .insert(cardTexts)
    .values(row)
    .onConflictDoUpdate({ target: [cardTexts.cardId, cardTexts.field], set: row });
  return true;
}

/** A text a person asked for (not the agent's): written as theirs, so nothing regenerates it. */
async function writePersonText(
  tx: Tx,
  actor: Actor,
  cardId: string,
  field: string,
  plain: string,
): Promise<boolean> {
  const row = {
    cardId,
    field,
    text: plainToHtml(plain),
    rawText: plain,
    mentions: [],
    generated: false,
    updatedAt: new Date(),
    updatedByProfileId: actor.profileId,
  };
  await tx
    .insert(cardTexts)
    .values(row)
    .onConflictDoUpdate({ target: [cardTexts.cardId, cardTexts.field], set: row });
  return true;
}

async function lastCanvasRank(tx: Executor, projectId: string, section: string) {
  const [row] = await tx
    .select({ rank: max(hypotheses.canvasRank) })
    .from(hypotheses)
    .where(and(eq(hypotheses.projectId, projectId), eq(hypotheses.canvasSection, section)));
  return (row?.rank as string | null | undefined) ?? null;
}

/** The titles of the project's live hypotheses (a regeneration skips those it already wrote). */
export async function hypothesisTitles(tx: Executor, projectId: string): Promise<string[]> {
  const rows = await tx
    .select({ title: cards.title })
    .from(cards)
    .where(
      and(eq(cards.projectId, projectId), eq(cards.type, 'hypothesis'), isNull(cards.deletedAt)),
    );
  return rows.map((r) => r.title);
}

/** Generated hypotheses as published business hypotheses in their canvas sections. */
export async function insertGeneratedHypotheses(
  unit: UnitOfWork,
  actor: Actor,
  list: GeneratedHypothesis[],
): Promise<string[]> {
  const existing = new Set(
    (await hypothesisTitles(unit.tx, actor.projectId)).map((t) => t.toLowerCase()),
  );
  const ids: string[] = [];
  const now = new Date();
  for (const h of list) {
    if (existing.has(h.title.toLowerCase())) continue;
    existing.add(h.title.toLowerCase());
    const [card] = await unit.tx
      .insert(cards)
      .values({
        organizationId: actor.organizationId,
        projectId: actor.projectId,
        type: 'hypothesis',
        title: h.title,
        draft: false,
        publishedAt: now,
        origin: 'generated',
        createdByProfileId: actor.profileId,
        updatedByProfileId: actor.profileId,
      })
      .returning();
    if (!card) throw new Error('card insert returned no row');
    await unit.tx.insert(hypotheses).values({
      cardId: card.id,
      projectId: actor.projectId,
      hypothesisType: 'business',
      canvasSection: h.section,
      canvasRank: rankBetween(await lastCanvasRank(unit.tx, actor.projectId, h.section), null),
    });
    if (h.description.trim())
      await writeGeneratedText(unit.tx, actor, card.id, 'description', h.description);
    ids.push(card.id);
  }
  if (ids.length) {
    await unit.record({
      name: 'cards.generate',
      organizationId: actor.organizationId,
      projectId: actor.projectId,
      actorId: actor.profileId,
      subjectType: 'project',
      subjectId: actor.projectId,
      changes: { type: 'hypothesis', cardIds: ids },
    });
    await touchProjectCards(unit.tx, actor.projectId);
  }
  return ids;
}

async function lastPlanRank(tx: Executor, projectId: string) {
  const [row] = await tx
    .select({ rank: max(experiments.rank) })
    .from(experiments)
    .where(and(eq(experiments.projectId, projectId), eq(experiments.phase, 'plan')));
  return row?.rank ?? null;
}

/**
 * An experiment, published in Plan, connected to the hypotheses it tests: the agent's (origin
 * "generated") or one a person asked for from a hypothesis ("picker").
 */
export async function insertGeneratedExperiment(
  unit: UnitOfWork,
  actor: Actor,
  e: GeneratedExperiment,
  hypothesisIds: string[],
  origin: 'generated' | 'picker' = 'generated',
): Promise<string> {
  const [card] = await unit.tx
    .insert(cards)
    .values({
      organizationId: actor.organizationId,
      projectId: actor.projectId,
      type: 'experiment',
      title: e.title,
      draft: false,
      publishedAt: new Date(),
      origin,
      createdByProfileId: actor.profileId,
      updatedByProfileId: actor.profileId,
    })
    .returning();
  if (!card) throw new Error('card insert returned no row');
  await unit.tx.insert(experiments).values({
    cardId: card.id,
    projectId: actor.projectId,
    experimentType: e.experimentType,
    rank: rankBetween(await lastPlanRank(unit.tx, actor.projectId), null),
    successCriteria: e.successCriteria.map((c) => ({
      id: randomUUID(),
      measurement: c.measurement,
      expectation: c.expectation,
      achieved: null,
      evidence: [],
    })),
  });
  const writeText = origin === 'generated' ? writeGeneratedText : writePersonText;
  if (e.statement.trim()) await writeText(unit.tx, actor, card.id, 'statement', e.statement);
  if (e.description.trim()) await writeText(unit.tx, actor, card.id, 'description', e.description);
  for (const hypothesisId of hypothesisIds) {
    const [first, second] =
      card.id < hypothesisId ? [card.id, hypothesisId] : [hypothesisId, card.id];
    await unit.tx
      .insert(connections)
      .values({
        organizationId: actor.organizationId,
        projectId: actor.projectId,
        firstCardId: first,
        secondCardId: second,
        ownerProfileId: actor.profileId,
        updatedByProfileId: actor.profileId,
      })
      .onConflictDoNothing();
  }
  await unit.record({
    name: origin === 'generated' ? 'cards.generate' : 'cards.create',
    organizationId: actor.organizationId,
    projectId: actor.projectId,
    actorId: actor.profileId,
    subjectType: 'card',
    subjectId: card.id,
    changes: { type: 'experiment', cardIds: [card.id], connected: hypothesisIds, draft: false },
  });
  await touchProjectCards(unit.tx, actor.projectId);
  return card.id;
}

/** A field the agent may write: empty, or still what the agent last wrote there. */
function untouched(current: string | null | undefined, lastGenerated: string | undefined) {
  const now = (current ?? '').trim();
  return now === '' || (lastGenerated !== undefined && now === lastGenerated.trim());
}

export interface ProjectPatch {
  set: Partial<ProjectRow>;
  kept: string[];
}

/** Dashboard statements: written where empty or unchanged since the agent wrote them. */
export function dashboardPatch(project: ProjectRow, generated: GeneratedDashboard): ProjectPatch {
  const previous = project.generated.dashboard ?? {};
  const dashboard = { ...project.dashboard };
  const kept: string[] = [];
  for (const key of [
    'whoFor',
    'problemStatement',
    'solutionStatement',
    'whyNot',
    'whyNow',
  ] as const) {
    if (untouched(dashboard[key], previous[key])) dashboard[key] = generated[key];
    else kept.push(key);
  }
  // The description is the person's own prompt: the agent's version is kept beside it.
  const next: ProjectGenerated = { ...project.generated, dashboard: generated };
  return { set: { dashboard, generated: next }, kept };
}

/** Market notes and analysis (and sizes, only where empty): never over a person's version. */
export function marketPatch(project: ProjectRow, generated: MarketData): ProjectPatch {
  const current = { ...EMPTY_MARKET, ...project.market };
  const previous = project.generated.market ?? {};
  const kept: string[] = [];
  const market = { ...current };
  for (const key of ['notes', 'analysis'] as const) {
    if (untouched(current[key], previous[key])) market[key] = generated[key];
    else kept.push(key);
  }
  // Sizes only where empty, and only in order (target ≤ served ≤ total).
  const sizes = { target: generated.target, served: generated.served, total: generated.total };
  const ordered =
    (sizes.target ?? 0) <= (sizes.served ?? Infinity) &&
    (sizes.served ?? 0) <= (sizes.total ?? Infinity);
  if (ordered && current.target === null && current.served === null && current.total === null) {
    Object.assign(market, sizes);
  }
  const next: ProjectGenerated = {
    ...project.generated,
    market: { notes: generated.notes, analysis: generated.analysis },
  };
  return { set: { market, generated: next }, kept };
}

/** Petal categories: the agent's untouched ones are replaced; a person's stay. */
export function petalPatch(project: ProjectRow, generated: PetalDiagramData): ProjectPatch {
  const kept = project.petal.categories.filter((c) => !c.generated);
  const titles = new Set(kept.map((c) => c.title.toLowerCase()));
  const fresh = generated.categories
    .filter((c) => !titles.has(c.title.toLowerCase()))
    .map((c) => ({
      id: randomUUID(),
      title: c.title,
      description: c.description,
      marketAnalysis: c.marketAnalysis,
      value: c.value,
      generated: true,
      companies: c.companies.map((co) => ({ id: randomUUID(), ...co })),
    }));
  return {
    set: { petal: { categories: [...kept, ...fresh] } },
    kept: kept.map((c) => c.title),
  };
}

export async function loadProject(tx: Executor, projectId: string) {
  const [row] = await tx.select().from(projects).where(eq(projects.id, projectId));
  return row ?? null;
}

export async function saveProjectPatch(tx: Tx, projectId: string, set: Partial<ProjectRow>) {
  await tx
    .update(projects)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(projects.id, projectId));
}

/** Live hypotheses of the project by id (for connecting generated experiments). */
export async function liveCards(tx: Executor, projectId: string, ids: string[]) {
  if (!ids.length) return [];
  return tx
    .select({ id: cards.id, title: cards.title, type: cards.type })
    .from(cards)
    .where(and(eq(cards.projectId, projectId), inArray(cards.id, ids), isNull(cards.deletedAt)));
}
