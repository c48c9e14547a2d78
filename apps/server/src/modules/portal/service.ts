/**
 * Running a project's public portal (part 2 §4 Public card, board creation): the board (name,
 * image, link, share setting), its categories and its roadmap sections. Creation first writes the
 * board hidden, then initialises it (sections, first category, chosen share setting); when that
 * fails the half-made board is deleted and the spec's message is returned.
 */
import { and, eq, ne } from 'drizzle-orm';
import {
  AppError,
  createPublicBoardSchema,
  DEFAULT_PUBLIC_CATEGORY,
  DEFAULT_ROADMAP_SECTIONS,
  rankBetween,
  ranksBetween,
  updatePublicBoardSchema,
  type ShareSetting,
} from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { UnitOfWork } from '../../platform/events/unit-of-work.ts';
import type { AppServices } from '../../services.ts';
import { projectAccess, type ProjectAccess } from '../cards/ports.ts';
import { parse } from '../../http/parse.ts';
import { mayManagePortal, requirePortal } from './policy.ts';
import { publicBoards, publicCategories, publicSections, type PublicBoardRow } from './schema.ts';
import { boardAccess, boardOfProject, loadBoardState } from './state.ts';

/** True when a database error (or its cause) is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    if (typeof e === 'object' && (e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

async function ensureLinkFree(executor: Executor, link: string, boardId: string | null) {
  const [taken] = await executor
    .select({ id: publicBoards.id })
    .from(publicBoards)
    .where(
      boardId
        ? and(eq(publicBoards.link, link), ne(publicBoards.id, boardId))
        : eq(publicBoards.link, link),
    );
  if (taken) throw new AppError('publicLinkInUse');
}

function record(
  unit: UnitOfWork,
  member: MemberContext,
  board: PublicBoardRow,
  name: string,
  changes: Record<string, unknown> = {},
) {
  return unit.record({
    name,
    organizationId: member.organization.id,
    projectId: board.projectId,
    actorId: member.profileId,
    subjectType: 'publicBoard',
    subjectId: board.id,
    changes,
  });
}

/** A board the member may run (owners and admins of its project). */
export async function managedBoard(services: AppServices, member: MemberContext, boardId: string) {
  const found = await boardAccess(services, member, boardId);
  if (!mayManagePortal(member, found.access)) throw new AppError('forbidden');
  return found;
}

/** Writes one change to a managed board in a transaction, then answers the whole board. */
export async function changeBoard(
  services: AppServices,
  member: MemberContext,
  found: { board: PublicBoardRow; access: ProjectAccess },
  context: RequestContext,
  name: string,
  work: (unit: UnitOfWork) => Promise<Record<string, unknown> | void>,
) {
  await services.transaction(
    async (unit) => {
      const changes = (await work(unit)) ?? {};
      await unit.tx
        .update(publicBoards)
        .set({ updatedBy: member.profileId, updatedAt: new Date() })
        .where(eq(publicBoards.id, found.board.id));
      await record(unit, member, found.board, name, changes);
    },
    { context },
  );
  const [board] = await services.database.db
    .select()
    .from(publicBoards)
    .where(eq(publicBoards.id, found.board.id));
  if (!board) throw new AppError('notFound');
  return loadBoardState(services, member, board, found.access);
}

/** The second step of creation: roadmap sections, the first category, then the share setting. */
async function initializeBoard(
  services: AppServices,
  member: MemberContext,
  board: PublicBoardRow,
  shareSetting: ShareSetting,
  context: RequestContext,
) {
  await services.transaction(
    async (unit) => {
      const ranks = ranksBetween(null, null, DEFAULT_ROADMAP_SECTIONS.length);
      await unit.tx.insert(publicSections).values(
        DEFAULT_ROADMAP_SECTIONS.map((section, i) => ({
          organizationId: board.organizationId,
          boardId: board.id,
          key: section.key,
          name: section.name,
          color: section.color,
          isDefault: section.isDefault,
          isProtected: section.isProtected,
          rank: ranks[i] ?? rankBetween(null, null),
        })),
      );
      await unit.tx.insert(publicCategories).values({
        organizationId: board.organizationId,
        boardId: board.id,
        name: DEFAULT_PUBLIC_CATEGORY.name,
        color: DEFAULT_PUBLIC_CATEGORY.color,
        rank: rankBetween(null, null),
      });
      await unit.tx
        .update(publicBoards)
        .set({ status: 'ready', shareSetting })
        .where(eq(publicBoards.id, board.id));
      await record(unit, member, board, 'portal.board.initialize', { shareSetting });
    },
    { context },
  );
}

/** The steps of board creation, kept on an object so a test can make one fail. */
export const boardSteps = { initialize: initializeBoard };

/** createPublicBoard: hidden first, then initialised; a failure leaves no board behind. */
export async function createPublicBoard(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(createPublicBoardSchema.safeParse(input));
  const access = await projectAccess(services, member, data.projectId);
  requirePortal(member, access);
  if (!mayManagePortal(member, access)) throw new AppError('forbidden');
  const db = services.database.db;
  const existing = await boardOfProject(db, member.organization.id, data.projectId);
  if (existing?.status === 'ready')
    throw new AppError('validation', { message: 'This project already has a public portal.' });
  // A board left half-made (the server stopped mid-creation) is cleared first.
  if (existing) await db.delete(publicBoards).where(eq(publicBoards.id, existing.id));
  await ensureLinkFree(db, data.link, null);
  let board: PublicBoardRow;
  try {
    board = await services.transaction(
      async (unit) => {
        const [row] = await unit.tx
          .insert(publicBoards)
          .values({
            organizationId: member.organization.id,
            projectId: data.projectId,
            name: data.name,
            link: data.link,
            shareSetting: 'hidden',
            status: 'initializing',
            updatedBy: member.profileId,
          })
          .returning();
        if (!row) throw new Error('public board insert returned no row');
        await record(unit, member, row, 'portal.board.create', { link: row.link });
        return row;
      },
      { context },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('publicLinkInUse');
    throw error;
  }
  try {
    await boardSteps.initialize(services, member, board, data.shareSetting, context);
  } catch (error) {
    services.logger.warn({ err: error, boardId: board.id }, 'public board creation failed');
    await db.delete(publicBoards).where(eq(publicBoards.id, board.id));
    throw new AppError('publicBoardCreateFailed');
  }
  const ready = await boardOfProject(db, member.organization.id, data.projectId);
  if (!ready) throw new AppError('publicBoardCreateFailed');
  return loadBoardState(services, member, ready, access);
}

/** updatePublicBoard: name, link (ref 53 when taken) and share setting. */
export async function updatePublicBoard(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(updatePublicBoardSchema.safeParse(input));
  const found = await managedBoard(services, member, data.boardId);
  if (data.link !== undefined && data.link !== found.board.link)
    await ensureLinkFree(services.database.db, data.link, found.board.id);
  try {
    return await changeBoard(
      services,
      member,
      found,
      context,
      'portal.board.update',
      async (unit) => {
        const patch = {
          ...(data.name !== undefined ? { name: data.name } : {}),
          ...(data.link !== undefined ? { link: data.link } : {}),
          ...(data.shareSetting !== undefined ? { shareSetting: data.shareSetting } : {}),
        };
        if (Object.keys(patch).length > 0)
          await unit.tx.update(publicBoards).set(patch).where(eq(publicBoards.id, found.board.id));
        return { fields: Object.keys(patch) };
      },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('publicLinkInUse');
    throw error;
  }
}

/** deletePublicBoard: the board with its categories, sections and public cards. */
export async function deletePublicBoard(
  services: AppServices,
  member: MemberContext,
  boardId: string,
  context: RequestContext,
) {
  const { board } = await managedBoard(services, member, boardId);
  await services.transaction(
    async (unit) => {
      await unit.tx.delete(publicBoards).where(eq(publicBoards.id, board.id));
      await record(unit, member, board, 'portal.board.delete', { link: board.link });
    },
    { context },
  );
  return true;
}

/**
 * Sets or clears the board's image (a media row of the publicBoard collection), inside the media
 * write's transaction; the media module has already checked that the member runs the board.
 */
export async function setBoardImage(
  executor: Executor,
  member: MemberContext,
  boardId: string,
  mediaId: string | null,
) {
  await executor
    .update(publicBoards)
    .set({ imageMediaId: mediaId, updatedBy: member.profileId, updatedAt: new Date() })
    .where(
      and(eq(publicBoards.id, boardId), eq(publicBoards.organizationId, member.organization.id)),
    );
}

// Categories.

/** The new order must name every item of the board exactly once. */
export function checkOrder(current: string[], wanted: string[]) {
  const same =
    current.length === wanted.length &&
    new Set(wanted).size === wanted.length &&
    wanted.every((id) => current.includes(id));
  if (!same)
    throw new AppError('staleVersion', {
      message: 'The board changed while you were reordering it. Reload to see the latest version.',
    });
}

// Roadmap sections.
