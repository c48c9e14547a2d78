/**
 * Loading a project's public board with what the management screen shows: categories, roadmap
 * sections with their card totals, and every public card (draft and live copy) in rank order.
 */
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { AppError, isUuid } from '@assay/domain';
import type { MemberContext } from '../../http/member-context.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { AppServices } from '../../services.ts';
import { loadPeople, projectAccess, type ProjectAccess } from '../cards/ports.ts';
import { cards, connections } from '../cards/schema.ts';
import { portalAbilities, requirePortal } from './policy.ts';
import {
  publicBoards,
  publicCards,
  publicCategories,
  publicSections,
  type PublicBoardRow,
  type PublicCardRow,
} from './schema.ts';

export const mediaUrl = (mediaId: string | null) =>
  mediaId ? `/api/media/download?id=${mediaId}` : null;

/** The project's board (ready or being made), or null. */
export async function boardOfProject(
  executor: Executor,
  organizationId: string,
  projectId: string,
) {
  const [row] = await executor
    .select()
    .from(publicBoards)
    .where(
      and(eq(publicBoards.organizationId, organizationId), eq(publicBoards.projectId, projectId)),
    );
  return row ?? null;
}

/** A board of the member's organisation, with the member's access to its project. */
export async function boardAccess(
  services: AppServices,
  member: MemberContext,
  boardId: string,
): Promise<{ board: PublicBoardRow; access: ProjectAccess }> {
  if (!isUuid(boardId)) throw new AppError('notFound');
  const [board] = await services.database.db
    .select()
    .from(publicBoards)
    .where(
      and(eq(publicBoards.id, boardId), eq(publicBoards.organizationId, member.organization.id)),
    );
  if (!board || board.status !== 'ready') throw new AppError('notFound');
  const access = await projectAccess(services, member, board.projectId);
  requirePortal(member, access);
  return { board, access };
}

/** Connections per card (evidence and experiments linked to each hypothesis). */
export async function connectionCounts(executor: Executor, cardIds: string[]) {
  if (cardIds.length === 0) return new Map<string, number>();
  const rows = await executor
    .select({ first: connections.firstCardId, second: connections.secondCardId })
    .from(connections)
    .where(
      or(inArray(connections.firstCardId, cardIds), inArray(connections.secondCardId, cardIds)),
    );
  const counts = new Map<string, number>();
  const wanted = new Set(cardIds);
  for (const row of rows) {
    for (const id of [row.first, row.second]) {
      if (wanted.has(id)) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
  }
  return counts;
}

/** Public cards of a board whose hypothesis still exists, in section rank order. */
export async function boardCards(executor: Executor, boardId: string) {
  const rows = await executor
    .select({ publicCard: publicCards, hypothesisTitle: cards.title })
    .from(publicCards)
    .innerJoin(cards, eq(cards.id, publicCards.cardId))
    .where(and(eq(publicCards.boardId, boardId), isNull(cards.deletedAt)))
    .orderBy(asc(publicCards.section), asc(publicCards.rank));
  return rows;
}

export function presentPublicCard(
  row: PublicCardRow,
  extra: { hypothesisTitle: string; connectionCount: number },
) {
  return {
    id: row.id,
    cardId: row.cardId,
    boardId: row.boardId,
    categoryId: row.categoryId,
    section: row.section,
    rank: row.rank,
    draft: row.draft,
    live: row.live,
    isLive: row.live !== null,
    // The draft differs from what visitors see (or nothing is live yet).
    hasDraftChanges: row.live === null || JSON.stringify(row.live) !== JSON.stringify(row.draft),
    version: row.version,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    hypothesisTitle: extra.hypothesisTitle,
    connectionCount: extra.connectionCount,
  };
}

/** The whole board as the management screen shows it. */
export async function loadBoardState(
  services: AppServices,
  member: MemberContext,
  board: PublicBoardRow,
  access: ProjectAccess,
) {
  const db = services.database.db;
  const [categories, sections, cardRows, people] = await Promise.all([
    db
      .select()
      .from(publicCategories)
      .where(eq(publicCategories.boardId, board.id))
      .orderBy(asc(publicCategories.rank)),
    db
      .select()
      .from(publicSections)
      .where(eq(publicSections.boardId, board.id))
      .orderBy(asc(publicSections.rank)),
    boardCards(db, board.id),
    loadPeople(db, board.organizationId, [board.updatedBy]),
  ]);
  const counts = await connectionCounts(
    db,
    cardRows.map((r) => r.publicCard.cardId),
  );
  const totals = new Map<string, number>();
  for (const { publicCard } of cardRows)
    totals.set(publicCard.section, (totals.get(publicCard.section) ?? 0) + 1);
  return {
    board: {
      id: board.id,
      projectId: board.projectId,
      name: board.name,
      link: board.link,
      shareSetting: board.shareSetting,
      image: mediaUrl(board.imageMediaId),
      imageMediaId: board.imageMediaId,
      updatedBy: board.updatedBy ? (people.get(board.updatedBy) ?? null) : null,
      updatedAt: board.updatedAt.toISOString(),
    },
    categories: categories.map((c) => ({ id: c.id, name: c.name, color: c.color, rank: c.rank })),
    sections: sections.map((s) => ({
      key: s.key,
      name: s.name,
      color: s.color,
      isDefault: s.isDefault,
      isProtected: s.isProtected,
      rank: s.rank,
      cardTotal: totals.get(s.key) ?? 0,
    })),
    cards: cardRows.map((r) =>
      presentPublicCard(r.publicCard, {
        hypothesisTitle: r.hypothesisTitle,
        connectionCount: counts.get(r.publicCard.cardId) ?? 0,
      }),
    ),
    abilities: portalAbilities(member, access),
  };
}

/** publicBoard(projectId): the project's board, or null before one is made. */
export async function getPublicBoard(
  services: AppServices,
  member: MemberContext,
  projectId: string,
) {
  const access = await projectAccess(services, member, projectId);
  requirePortal(member, access);
  const board = await boardOfProject(services.database.db, member.organization.id, projectId);
  if (!board || board.status !== 'ready') return null;
  return loadBoardState(services, member, board, access);
}

/** Next rank after the last of a board's rows in a table with a rank column. */
export async function lastRank(
  executor: Executor,
  table: typeof publicCategories | typeof publicSections,
  boardId: string,
): Promise<string | null> {
  const [row] = await executor
    .select({ rank: sql<string | null>`max(${table.rank} collate "C")` })
    .from(table)
    .where(eq(table.boardId, boardId));
  return row?.rank ?? null;
}
