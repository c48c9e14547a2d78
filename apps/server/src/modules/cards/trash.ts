/**
 * The trash (issue #24, item 5): a deleted card stays restorable for 30 days — listed per project
 * for those who may restore it, brought back whole (texts, connections, versions) — and is then
 * removed for good by a timer.
 */
import { and, desc, eq, gte, isNotNull, lt } from 'drizzle-orm';
import { AppError, isUuid } from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { AppServices } from '../../services.ts';
import { loadPeople, workspaceAccess } from './access.ts';
import { cardAbilities } from './present.ts';
import { cards } from './schema.ts';
import { recordCardEvent } from './card-events.ts';
import { everyHour } from '../../platform/jobs/hourly.ts';

export const TRASH_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const keptSince = (now = new Date()) => new Date(now.getTime() - TRASH_DAYS * DAY_MS);

/** Deleted cards of a project that this member may restore, newest first. */
export async function listTrash(services: AppServices, member: MemberContext, projectId: string) {
  const access = await workspaceAccess(services, member, projectId);
  const rows = await services.database.db
    .select()
    .from(cards)
    .where(
      and(
        eq(cards.projectId, projectId),
        eq(cards.organizationId, member.organization.id),
        isNotNull(cards.deletedAt),
        gte(cards.deletedAt, keptSince()),
      ),
    )
    .orderBy(desc(cards.deletedAt))
    .limit(200);
  const mine = rows.filter(
    (card) =>
      (!card.draft || card.createdByProfileId === member.profileId) &&
      cardAbilities(card, access.scope, member.profileId).delete,
  );
  const people = await loadPeople(
    services.database.db,
    member.organization.id,
    mine.map((c) => c.updatedByProfileId),
  );
  return mine.map((card) => ({
    id: card.id,
    type: card.type,
    title: card.title,
    deletedAt: card.deletedAt!.toISOString(),
    deletedBy: card.updatedByProfileId ? (people.get(card.updatedByProfileId) ?? null) : null,
    purgeAt: new Date(card.deletedAt!.getTime() + TRASH_DAYS * DAY_MS).toISOString(),
  }));
}

/** restoreCard: back where it was, with everything it had; only within the 30 days. */
export async function restoreCard(
  services: AppServices,
  member: MemberContext,
  cardId: string,
  context: RequestContext,
) {
  if (!isUuid(cardId)) throw new AppError('cardNotFound');
  const [card] = await services.database.db
    .select()
    .from(cards)
    .where(
      and(
        eq(cards.id, cardId),
        eq(cards.organizationId, member.organization.id),
        isNotNull(cards.deletedAt),
        gte(cards.deletedAt, keptSince()),
      ),
    );
  if (!card || (card.draft && card.createdByProfileId !== member.profileId))
    throw new AppError('cardNotFound');
  const access = await workspaceAccess(services, member, card.projectId);
  if (!cardAbilities(card, access.scope, member.profileId).delete) throw new AppError('forbidden');
  const restored = await services.transaction(
    async (unit) => {
      const [row] = await unit.tx
        .update(cards)
        .set({
          deletedAt: null,
          version: card.version + 1,
          updatedAt: new Date(),
          updatedByProfileId: member.profileId,
        })
        // Two restores at once: one wins, the other finds nothing to restore.
        .where(
          and(eq(cards.id, cardId), eq(cards.version, card.version), isNotNull(cards.deletedAt)),
        )
        .returning();
      if (!row) throw new AppError('cardNotFound');
      await recordCardEvent(unit, member, row, 'restore', { version: row.version, type: row.type });
      return row;
    },
    { context },
  );
  return { id: restored.id, type: restored.type, version: restored.version };
}

/**
 * Removes for good what has been in the trash longer than 30 days (in one project, when given);
 * answers how many.
 */
export async function purgeTrash(
  executor: Executor,
  now = new Date(),
  scope: { projectId?: string } = {},
): Promise<number> {
  const gone = await executor
    .delete(cards)
    .where(
      and(
        isNotNull(cards.deletedAt),
        lt(cards.deletedAt, keptSince(now)),
        scope.projectId ? eq(cards.projectId, scope.projectId) : undefined,
      ),
    )
    .returning({ id: cards.id });
  return gone.length;
}

/** Empties the old trash every hour where the job queue runs. */
export function startTrashPurge(services: AppServices): () => void {
  return everyHour(services.logger, 'trash purge', () => purgeTrash(services.database.db));
}
