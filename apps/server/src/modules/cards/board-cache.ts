/**
 * The rows a board shows, cached per project and board under the project's card version. Every
 * card change moves that version in the same transaction, and each read compares it with the
 * project row it loads anyway, so a cached board is never stale and several app instances stay
 * correct without talking to each other. Filters and draft visibility apply per request.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { CanvasFilters, Confidence, LearningSettings, ProductScore } from '@assay/domain';
import type { Executor } from '../../platform/db/index.ts';
import { projects } from '../projects/schema.ts';
import { confidencesFor, UNTESTED } from './confidence.ts';
import { linkCountsFor, NO_LINKS, type LinkCounts } from './link-counts.ts';
import { cards, hypotheses } from './schema.ts';

export type BoardName = 'canvas' | 'timeline' | 'productStatus' | 'productTheme';

export interface BoardRow {
  id: string;
  title: string;
  draft: boolean;
  version: number;
  tags: string[];
  viewed: boolean;
  createdBy: string | null;
  isEvidence: boolean;
  type: string;
  section: string | null;
  rank: string | null;
  productStatus: string | null;
  businessStatus: string;
  result: string;
  risky: boolean;
  /** Its place up the assumptions map when someone set it. */
  importance: number | null;
  /** The people it is assigned to (its owners on the map's filter). */
  members: string[];
  productScore: ProductScore;
  /** What its rated evidence says (the connections move the project's card version). */
  confidence: Confidence;
  /** How much published evidence and how many experiments are connected to it. */
  links: LinkCounts;
}

const SECTION_COLUMNS = {
  canvas: { section: hypotheses.canvasSection, rank: hypotheses.canvasRank },
  timeline: { section: hypotheses.timelineSection, rank: hypotheses.timelineRank },
  productStatus: { section: hypotheses.productStatusSection, rank: hypotheses.productStatusRank },
  productTheme: { section: hypotheses.productThemeSection, rank: hypotheses.productThemeRank },
} as const;

/** Boards kept; each is a few hundred KB for a thousand cards. */
const MAX_ENTRIES = 24;
const cache = new Map<string, { version: number; rows: BoardRow[] }>();

/** Moves the project's card version; call inside every transaction that changes its cards. */
export async function touchProjectCards(tx: Executor, projectId: string): Promise<void> {
  await tx
    .update(projects)
    .set({ cardsVersion: sql`${projects.cardsVersion} + 1` })
    .where(eq(projects.id, projectId));
}

async function loadRows(
  executor: Executor,
  organizationId: string,
  projectId: string,
  hypothesisType: 'business' | 'product',
  board: BoardName,
  learning: LearningSettings,
): Promise<BoardRow[]> {
  const columns = SECTION_COLUMNS[board];
  const [confidences, links] = await Promise.all([
    confidencesFor(executor, { projectId }, learning),
    linkCountsFor(executor, projectId),
  ]);
  const rows = await executor
    .select({
      id: cards.id,
      title: cards.title,
      draft: cards.draft,
      version: cards.version,
      tags: cards.tags,
      viewed: cards.viewed,
      createdBy: cards.createdByProfileId,
      isEvidence: cards.isEvidence,
      type: cards.type,
      section: columns.section,
      rank: columns.rank,
      productStatus: hypotheses.productStatusSection,
      businessStatus: hypotheses.businessStatus,
      result: hypotheses.result,
      risky: hypotheses.risky,
      importance: hypotheses.importance,
      members: hypotheses.members,
      productScore: hypotheses.productScore,
    })
    .from(cards)
    .innerJoin(hypotheses, eq(hypotheses.cardId, cards.id))
    .where(
      and(
        // Both sides name the project, so the plan stays an index scan whatever the statistics say.
        eq(cards.projectId, projectId),
        eq(cards.type, 'hypothesis'),
        eq(hypotheses.projectId, projectId),
        eq(hypotheses.hypothesisType, hypothesisType),
        eq(cards.organizationId, organizationId),
        isNull(cards.deletedAt),
        eq(cards.template, false),
      ),
    )
    .orderBy(asc(columns.section), asc(columns.rank), asc(cards.id));
  return rows.map((row) => ({
    ...row,
    confidence: confidences.get(row.id) ?? UNTESTED,
    links: links.get(row.id) ?? NO_LINKS,
  }));
}

/**
 * The project's card version for a board read: as the request read it with its identity, or
 * anew when the project came from the identity cache (#53), which does not follow it.
 */
export async function currentCardsVersion(
  executor: Executor,
  access: { project: { id: string; cardsVersion: number }; cardsVersionFresh: boolean },
): Promise<number> {
  if (access.cardsVersionFresh) return access.project.cardsVersion;
  const [row] = await executor
    .select({ version: projects.cardsVersion })
    .from(projects)
    .where(eq(projects.id, access.project.id));
  return row?.version ?? access.project.cardsVersion;
}

/** Every card of a board (drafts included), from the cache when the version still matches. */
export async function boardRows(
  executor: Executor,
  options: {
    organizationId: string;
    projectId: string;
    cardsVersion: number;
    hypothesisType: 'business' | 'product';
    board: BoardName;
    /** The organisation's evidence weights and half-life (a change is a new cache entry). */
    learning: LearningSettings;
  },
): Promise<BoardRow[]> {
  const key = `${options.projectId}:${options.hypothesisType}:${options.board}:${JSON.stringify(options.learning)}`;
  const hit = cache.get(key);
  if (hit && hit.version === options.cardsVersion) {
    // Most recently used goes last, so the oldest is dropped first.
    cache.delete(key);
    cache.set(key, hit);
    return hit.rows;
  }
  const rows = await loadRows(
    executor,
    options.organizationId,
    options.projectId,
    options.hypothesisType,
    options.board,
    options.learning,
  );
  cache.set(key, { version: options.cardsVersion, rows });
  while (cache.size > MAX_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest === undefined) break;
    cache.delete(oldest);
  }
  return rows;
}

/** What one member sees of a board: published cards and their own drafts, filtered. */
export function visibleRows(
  rows: BoardRow[],
  profileId: string,
  filters: CanvasFilters,
  excludedStatuses: ReadonlySet<string> = new Set(),
): BoardRow[] {
  const search = filters.search?.trim().toLowerCase() ?? '';
  const tags = filters.tags?.length ? new Set(filters.tags) : null;
  const statuses = filters.statuses?.length ? new Set<string>(filters.statuses) : null;
  const results = filters.results?.length ? new Set<string>(filters.results) : null;
  return rows.filter(
    (r) =>
      (!r.draft || r.createdBy === profileId) &&
      (!tags || r.tags.some((t) => tags.has(t))) &&
      (!statuses || statuses.has(r.businessStatus)) &&
      (!results || results.has(r.result)) &&
      (!filters.risky || r.risky) &&
      (!filters.mine || r.createdBy === profileId) &&
      (!search || r.title.toLowerCase().includes(search)) &&
      (!filters.activeOnly || !r.productStatus || !excludedStatuses.has(r.productStatus)),
  );
}
