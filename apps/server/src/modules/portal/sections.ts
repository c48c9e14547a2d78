/** A public board's sections (part 2 §4): added, renamed, removed (their cards kept) and reordered. */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  AppError,
  createPublicSectionSchema,
  PORTAL_LIMITS,
  PORTAL_MESSAGES,
  rankBetween,
  ranksBetween,
  updatePublicSectionSchema,
} from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { UnitOfWork } from '../../platform/events/unit-of-work.ts';
import type { AppServices } from '../../services.ts';
import { parse } from '../../http/parse.ts';
import { publicCards, publicSections } from './schema.ts';
import { lastRank } from './state.ts';
import { changeBoard, checkOrder, managedBoard } from './service.ts';

export async function createPublicSection(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(createPublicSectionSchema.safeParse(input));
  const found = await managedBoard(services, member, data.boardId);
  return changeBoard(services, member, found, context, 'portal.section.create', async (unit) => {
    const [count] = await unit.tx
      .select({ n: sql<number>`count(*)::int` })
      .from(publicSections)
      .where(eq(publicSections.boardId, found.board.id));
    if (Number(count?.n ?? 0) >= PORTAL_LIMITS.sections)
      throw new AppError('validation', { message: PORTAL_MESSAGES.tooManySections });
    if (data.isDefault)
      await unit.tx
        .update(publicSections)
        .set({ isDefault: false })
        .where(eq(publicSections.boardId, found.board.id));
    const key = `s${randomBytes(6).toString('hex')}`;
    const after = await lastRank(unit.tx, publicSections, found.board.id);
    await unit.tx.insert(publicSections).values({
      organizationId: member.organization.id,
      boardId: found.board.id,
      key,
      name: data.name,
      color: data.color,
      isDefault: data.isDefault,
      // The default section is always protected.
      isProtected: data.isDefault,
      rank: rankBetween(after, null),
    });
    return { key };
  });
}

async function sectionOfBoard(unit: UnitOfWork, boardId: string, key: string) {
  const [section] = await unit.tx
    .select()
    .from(publicSections)
    .where(and(eq(publicSections.boardId, boardId), eq(publicSections.key, key)));
  if (!section) throw new AppError('notFound');
  return section;
}

export async function updatePublicSection(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(updatePublicSectionSchema.safeParse(input));
  const found = await managedBoard(services, member, data.boardId);
  return changeBoard(services, member, found, context, 'portal.section.update', async (unit) => {
    const section = await sectionOfBoard(unit, found.board.id, data.key);
    const makeDefault = data.isDefault === true && !section.isDefault;
    if (makeDefault)
      await unit.tx
        .update(publicSections)
        .set({ isDefault: false })
        .where(eq(publicSections.boardId, found.board.id));
    const isDefault = section.isDefault || makeDefault;
    await unit.tx
      .update(publicSections)
      .set({
        ...(data.name !== undefined ? { name: data.name } : {}),
        ...(data.color !== undefined ? { color: data.color } : {}),
        isDefault,
        isProtected: isDefault ? true : (data.isProtected ?? section.isProtected),
      })
      .where(eq(publicSections.id, section.id));
    return { key: section.key };
  });
}

/** Deleting a section moves its cards to the end of the default one; protected sections stay. */
export async function deletePublicSection(
  services: AppServices,
  member: MemberContext,
  boardId: string,
  key: string,
  context: RequestContext,
) {
  const found = await managedBoard(services, member, boardId);
  return changeBoard(services, member, found, context, 'portal.section.delete', async (unit) => {
    const section = await sectionOfBoard(unit, found.board.id, key);
    if (section.isProtected || section.isDefault)
      throw new AppError('validation', { message: PORTAL_MESSAGES.protectedSection });
    const [target] = await unit.tx
      .select()
      .from(publicSections)
      .where(and(eq(publicSections.boardId, found.board.id), eq(publicSections.isDefault, true)));
    if (!target) throw new AppError('notFound');
    const moving = await unit.tx
      .select({ id: publicCards.id })
      .from(publicCards)
      .where(and(eq(publicCards.boardId, found.board.id), eq(publicCards.section, section.key)))
      .orderBy(asc(publicCards.rank));
    const [last] = await unit.tx
      .select({ rank: sql<string | null>`max(${publicCards.rank} collate "C")` })
      .from(publicCards)
      .where(and(eq(publicCards.boardId, found.board.id), eq(publicCards.section, target.key)));
    const ranks = ranksBetween(last?.rank ?? null, null, moving.length);
    for (const [i, card] of moving.entries()) {
      await unit.tx
        .update(publicCards)
        .set({ section: target.key, rank: ranks[i] ?? rankBetween(null, null) })
        .where(eq(publicCards.id, card.id));
    }
    await unit.tx.delete(publicSections).where(eq(publicSections.id, section.id));
    return { key: section.key, movedTo: target.key, moved: moving.length };
  });
}

export async function reorderPublicSections(
  services: AppServices,
  member: MemberContext,
  boardId: string,
  keys: string[],
  context: RequestContext,
) {
  const found = await managedBoard(services, member, boardId);
  return changeBoard(services, member, found, context, 'portal.section.reorder', async (unit) => {
    const rows = await unit.tx
      .select({ key: publicSections.key })
      .from(publicSections)
      .where(eq(publicSections.boardId, found.board.id));
    checkOrder(
      rows.map((r) => r.key),
      keys,
    );
    const ranks = ranksBetween(null, null, keys.length);
    for (const [i, key] of keys.entries()) {
      await unit.tx
        .update(publicSections)
        .set({ rank: ranks[i] ?? rankBetween(null, null) })
        .where(and(eq(publicSections.boardId, found.board.id), eq(publicSections.key, key)));
    }
    return { keys };
  });
}
