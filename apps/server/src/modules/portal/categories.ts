/** A public board's categories (part 2 §4): added, renamed, removed and reordered by those who run the board. */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  AppError,
  createPublicCategorySchema,
  PORTAL_LIMITS,
  PORTAL_MESSAGES,
  rankBetween,
  ranksBetween,
  updatePublicCategorySchema,
} from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { parse } from '../../http/parse.ts';
import { publicCards, publicCategories } from './schema.ts';
import { lastRank } from './state.ts';
import { changeBoard, checkOrder, managedBoard } from './service.ts';

export async function createPublicCategory(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(createPublicCategorySchema.safeParse(input));
  const found = await managedBoard(services, member, data.boardId);
  return changeBoard(services, member, found, context, 'portal.category.create', async (unit) => {
    const [count] = await unit.tx
      .select({ n: sql<number>`count(*)::int` })
      .from(publicCategories)
      .where(eq(publicCategories.boardId, found.board.id));
    if (Number(count?.n ?? 0) >= PORTAL_LIMITS.categories)
      throw new AppError('validation', { message: PORTAL_MESSAGES.tooManyCategories });
    const after = await lastRank(unit.tx, publicCategories, found.board.id);
    const [row] = await unit.tx
      .insert(publicCategories)
      .values({
        organizationId: member.organization.id,
        boardId: found.board.id,
        name: data.name,
        color: data.color,
        rank: rankBetween(after, null),
      })
      .returning({ id: publicCategories.id });
    return { categoryId: row?.id };
  });
}

async function categoryOfBoard(services: AppServices, member: MemberContext, categoryId: string) {
  const [category] = await services.database.db
    .select()
    .from(publicCategories)
    .where(
      and(
        eq(publicCategories.id, categoryId),
        eq(publicCategories.organizationId, member.organization.id),
      ),
    );
  if (!category) throw new AppError('notFound');
  return { category, found: await managedBoard(services, member, category.boardId) };
}

export async function updatePublicCategory(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(updatePublicCategorySchema.safeParse(input));
  const { category, found } = await categoryOfBoard(services, member, data.categoryId);
  return changeBoard(services, member, found, context, 'portal.category.update', async (unit) => {
    await unit.tx
      .update(publicCategories)
      .set({
        ...(data.name !== undefined ? { name: data.name } : {}),
        ...(data.color !== undefined ? { color: data.color } : {}),
      })
      .where(eq(publicCategories.id, category.id));
    return { categoryId: category.id };
  });
}

/** Deleting a category moves its cards to the first remaining one; the last cannot go. */
export async function deletePublicCategory(
  services: AppServices,
  member: MemberContext,
  categoryId: string,
  context: RequestContext,
) {
  if (!/^[0-9a-f-]{36}$/i.test(categoryId)) throw new AppError('notFound');
  const { category, found } = await categoryOfBoard(services, member, categoryId);
  return changeBoard(services, member, found, context, 'portal.category.delete', async (unit) => {
    const [first] = await unit.tx
      .select({ id: publicCategories.id })
      .from(publicCategories)
      .where(
        and(eq(publicCategories.boardId, found.board.id), ne(publicCategories.id, category.id)),
      )
      .orderBy(asc(publicCategories.rank))
      .limit(1);
    if (!first) throw new AppError('validation', { message: PORTAL_MESSAGES.lastCategory });
    await unit.tx
      .update(publicCards)
      .set({ categoryId: first.id })
      .where(eq(publicCards.categoryId, category.id));
    await unit.tx.delete(publicCategories).where(eq(publicCategories.id, category.id));
    return { categoryId: category.id, movedTo: first.id };
  });
}

export async function reorderPublicCategories(
  services: AppServices,
  member: MemberContext,
  boardId: string,
  categoryIds: string[],
  context: RequestContext,
) {
  const found = await managedBoard(services, member, boardId);
  return changeBoard(services, member, found, context, 'portal.category.reorder', async (unit) => {
    const rows = await unit.tx
      .select({ id: publicCategories.id })
      .from(publicCategories)
      .where(eq(publicCategories.boardId, found.board.id));
    checkOrder(
      rows.map((r) => r.id),
      categoryIds,
    );
    const ranks = ranksBetween(null, null, categoryIds.length);
    for (const [i, id] of categoryIds.entries()) {
      await unit.tx
        .update(publicCategories)
        .set({ rank: ranks[i] ?? rankBetween(null, null) })
        .where(eq(publicCategories.id, id));
    }
    return { categoryIds };
  });
}
