/**
 * Public cards (part 2 §4): a hypothesis published to its project's board. Each save writes the
 * draft; publishing copies the draft to the live copy visitors see; unpublishing removes the live
 * copy; moves change the section, category and rank; deleting removes the public card (the
 * hypothesis stays). Versions guard against lost edits.
 */
import { and, asc, eq } from 'drizzle-orm';
import {
  AppError,
  movePublicCardSchema,
  PORTAL_MESSAGES,
  publicCardContentSchema,
  rankBetween,
  updatePublicCardSchema,
  type PublicCardContent,
} from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { AppServices } from '../../services.ts';
import { cardAccess, type CardAccess } from '../cards/ports.ts';
import { media } from '../media/schema.ts';
import { parse } from '../../http/parse.ts';
import { mayPublishCards, requirePortal } from './policy.ts';
import {
  publicBoards,
  publicCards,
  publicCategories,
  publicSections,
  type PublicBoardRow,
  type PublicCardRow,
} from './schema.ts';
import { boardOfProject, connectionCounts, presentPublicCard } from './state.ts';

/** Moves the board's updatedAt, which stamps the visitors' cached copy of the board. */
function touchBoard(executor: Executor, boardId: string) {
  return executor
    .update(publicBoards)
    .set({ updatedAt: new Date() })
    .where(eq(publicBoards.id, boardId));
}

/** The hypothesis, its project's ready board and its public card (if any). */
async function publicCardAccess(services: AppServices, member: MemberContext, cardId: string) {
  const access = await cardAccess(services, member, cardId);
  requirePortal(member, access);
  const board = await boardOfProject(
    services.database.db,
    member.organization.id,
    access.project.id,
  );
  if (!board || board.status !== 'ready')
    throw new AppError('notFound', { message: PORTAL_MESSAGES.noBoard });
  const [row] = await services.database.db
    .select()
    .from(publicCards)
    .where(and(eq(publicCards.boardId, board.id), eq(publicCards.cardId, access.card.id)));
  return { access, board, row: row ?? null };
}

async function present(services: AppServices, access: CardAccess, row: PublicCardRow) {
  const counts = await connectionCounts(services.database.db, [row.cardId]);
  return presentPublicCard(row, {
    hypothesisTitle: access.card.title,
    connectionCount: counts.get(row.cardId) ?? 0,
  });
}

/** publicCard(cardId): the hypothesis's public card, or null when it has none. */
export async function getPublicCard(services: AppServices, member: MemberContext, cardId: string) {
  const { access, board, row } = await publicCardAccess(services, member, cardId);
  return {
    boardId: board.id,
    link: board.link,
    shareSetting: board.shareSetting,
    publicCard: row ? await present(services, access, row) : null,
    canPublish: mayPublishCards(access) && isPublishable(access),
  };
}

function isPublishable(access: CardAccess) {
  return access.card.type === 'hypothesis' && !access.card.draft && !access.card.template;
}

/** Images must be the hypothesis's own images; anything else is dropped. */
async function ownImages(executor: Executor, cardId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await executor
    .select({ id: media.id, fileType: media.fileType })
    .from(media)
    .where(and(eq(media.collection, 'cards'), eq(media.subjectId, cardId)));
  const images = new Set(rows.filter((r) => r.fileType === 'image').map((r) => r.id));
  return [...new Set(ids)].filter((id) => images.has(id));
}

async function placeOnBoard(
  executor: Executor,
  board: PublicBoardRow,
  wanted: { categoryId?: string | undefined; section?: string | undefined },
) {
  const categories = await executor
    .select({ id: publicCategories.id })
    .from(publicCategories)
    .where(eq(publicCategories.boardId, board.id))
    .orderBy(asc(publicCategories.rank));
  const sections = await executor
    .select({ key: publicSections.key, isDefault: publicSections.isDefault })
    .from(publicSections)
    .where(eq(publicSections.boardId, board.id));
  const categoryId = wanted.categoryId ?? categories[0]?.id;
  const section = wanted.section ?? sections.find((s) => s.isDefault)?.key ?? sections[0]?.key;
  if (!categoryId || !categories.some((c) => c.id === categoryId))
    throw new AppError('validation', { message: 'Please choose one of the portal’s categories.' });
  if (!section || !sections.some((s) => s.key === section))
    throw new AppError('validation', { message: 'Please choose one of the roadmap’s sections.' });
  return { categoryId, section };
}

/** The rank after `afterCardId`'s public card in the section (null: first; undefined: last). */
async function rankInSection(
  executor: Executor,
  boardId: string,
  section: string,
  afterCardId: string | null | undefined,
  movingId: string | null,
) {
  const rows = (
    await executor
      .select({ id: publicCards.id, cardId: publicCards.cardId, rank: publicCards.rank })
      .from(publicCards)
      .where(and(eq(publicCards.boardId, boardId), eq(publicCards.section, section)))
      .orderBy(asc(publicCards.rank))
  ).filter((r) => r.id !== movingId);
  if (afterCardId === undefined) return rankBetween(rows.at(-1)?.rank ?? null, null);
  if (afterCardId === null) return rankBetween(null, rows[0]?.rank ?? null);
  const index = rows.findIndex((r) => r.cardId === afterCardId);
  if (index < 0) return rankBetween(rows.at(-1)?.rank ?? null, null);
  return rankBetween(rows[index]?.rank ?? null, rows[index + 1]?.rank ?? null);
}

function eventName(action: string, isNew: boolean) {
  if (action === 'publish') return 'portal.card.publish';
  if (action === 'unpublish') return 'portal.card.unpublish';
  return isNew ? 'portal.card.create' : 'portal.card.update';
}

/** updatePublicCard: saves the draft and publishes or unpublishes it. */
export async function updatePublicCard(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(updatePublicCardSchema.safeParse(input));
  const { access, board, row } = await publicCardAccess(services, member, data.cardId);
  if (!mayPublishCards(access)) throw new AppError('forbidden');
  if (!isPublishable(access))
    throw new AppError('validation', { message: PORTAL_MESSAGES.notPublishable });
  if (row && data.version !== undefined && data.version !== row.version)
    throw new AppError('staleVersion');
  const db = services.database.db;
  const base: PublicCardContent = row?.draft ?? {
    title: access.card.title.trim() || 'Untitled',
    description: '',
    summary: access.hypothesis?.summary ?? '',
    images: [],
    figma: null,
  };
  const draft = parse(publicCardContentSchema.safeParse({ ...base, ...data.content }));
  draft.images = await ownImages(db, access.card.id, draft.images);
  const place = await placeOnBoard(db, board, {
    categoryId: data.categoryId ?? row?.categoryId,
    section: data.section ?? row?.section,
  });
  const live =
    data.action === 'publish' ? draft : data.action === 'unpublish' ? null : (row?.live ?? null);
  const publishedAt =
    data.action === 'publish' ? new Date() : live === null ? null : (row?.publishedAt ?? null);
  const saved = await services.transaction(
    async (unit) => {
      const moved = !row || row.section !== place.section;
      const rank = moved
        ? await rankInSection(unit.tx, board.id, place.section, undefined, row?.id ?? null)
        : row.rank;
      const values = {
        categoryId: place.categoryId,
        section: place.section,
        rank,
        draft,
        live,
        publishedAt,
        updatedBy: member.profileId,
        updatedAt: new Date(),
      };
      const [written] = row
        ? await unit.tx
            .update(publicCards)
            .set({ ...values, version: row.version + 1 })
            .where(and(eq(publicCards.id, row.id), eq(publicCards.version, row.version)))
            .returning()
        : await unit.tx
            .insert(publicCards)
            .values({
              ...values,
              organizationId: member.organization.id,
              boardId: board.id,
              projectId: board.projectId,
              cardId: access.card.id,
            })
            .returning();
      if (!written) throw new AppError('staleVersion');
      await touchBoard(unit.tx, board.id);
      await unit.record({
        name: eventName(data.action, !row),
        organizationId: member.organization.id,
        projectId: board.projectId,
        actorId: member.profileId,
        subjectType: 'card',
        subjectId: access.card.id,
        changes: { publicCardId: written.id, boardId: board.id, isLive: live !== null },
      });
      return written;
    },
    { context },
  );
  return present(services, access, saved);
}

/** movePublicCard: another section and/or category, at a position in the section. */
export async function movePublicCard(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(movePublicCardSchema.safeParse(input));
  const { access, board, row } = await publicCardAccess(services, member, data.cardId);
  if (!mayPublishCards(access)) throw new AppError('forbidden');
  if (!row) throw new AppError('notFound');
  const place = await placeOnBoard(services.database.db, board, {
    categoryId: data.categoryId ?? row.categoryId,
    section: data.section ?? row.section,
  });
  const saved = await services.transaction(
    async (unit) => {
      const rank =
        data.afterCardId === undefined && place.section === row.section
          ? row.rank
          : await rankInSection(unit.tx, board.id, place.section, data.afterCardId, row.id);
      const [written] = await unit.tx
        .update(publicCards)
        .set({
          section: place.section,
          categoryId: place.categoryId,
          rank,
          version: row.version + 1,
          updatedBy: member.profileId,
          updatedAt: new Date(),
        })
        .where(eq(publicCards.id, row.id))
        .returning();
      if (!written) throw new AppError('notFound');
      await touchBoard(unit.tx, board.id);
      await unit.record({
        name: 'portal.card.move',
        organizationId: member.organization.id,
        projectId: board.projectId,
        actorId: member.profileId,
        subjectType: 'card',
        subjectId: access.card.id,
        changes: {
          publicCardId: row.id,
          from: row.section,
          to: place.section,
          categoryId: place.categoryId,
        },
      });
      return written;
    },
    { context },
  );
  return present(services, access, saved);
}

/** deletePublicCard: takes the card off the portal (draft and live copy); the hypothesis stays. */
export async function deletePublicCard(
  services: AppServices,
  member: MemberContext,
  cardId: string,
  context: RequestContext,
) {
  const { access, board, row } = await publicCardAccess(services, member, cardId);
  if (!mayPublishCards(access)) throw new AppError('forbidden');
  if (!row) return true;
  await services.transaction(
    async (unit) => {
      await unit.tx.delete(publicCards).where(eq(publicCards.id, row.id));
      await touchBoard(unit.tx, board.id);
      await unit.record({
        name: 'portal.card.delete',
        organizationId: member.organization.id,
        projectId: board.projectId,
        actorId: member.profileId,
        subjectType: 'card',
        subjectId: access.card.id,
        changes: { publicCardId: row.id, boardId: board.id },
      });
    },
    { context },
  );
  return true;
}
