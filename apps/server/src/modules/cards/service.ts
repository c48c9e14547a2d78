/**
 * Card use cases beside creating, reading, updating and drafts (create.ts, full-card.ts,
 * update.ts, drafts.ts): delete, tags, viewed and reviewed.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { AppError } from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { cardAccess, workspaceAccess } from './access.ts';
import { ensureBaseline } from './history.ts';
import { touchProjectCards } from './board-cache.ts';
import { cards } from './schema.ts';
import { presentCardAbilities, presentFullCard } from './full-card.ts';
import { recordCardEvent } from './card-events.ts';

/** deleteCard: the card leaves every list (kept with deletedAt for the record). */
export async function deleteCard(
  services: AppServices,
  member: MemberContext,
  cardId: string,
  context: RequestContext,
): Promise<boolean> {
  const access = await cardAccess(services, member, cardId);
  if (!presentCardAbilities(access, member).delete) throw new AppError('forbidden');
  await services.transaction(
    async (unit) => {
      await ensureBaseline(unit.tx, cardId);
      await unit.tx
        .update(cards)
        .set({
          deletedAt: new Date(),
          version: sql`${cards.version} + 1`,
          updatedByProfileId: member.profileId,
        })
        .where(eq(cards.id, cardId));
      await recordCardEvent(unit, member, access.card, 'delete', { type: access.card.type });
    },
    { context },
  );
  return true;
}

/** POST / DELETE /api/canvas/cards/{cardId}/tags/{tag}: idempotent, so no version is needed. */
export async function setCardTag(
  services: AppServices,
  member: MemberContext,
  cardId: string,
  tag: string,
  add: boolean,
  context: RequestContext,
) {
  const clean = tag.trim().slice(0, 50);
  if (!clean) throw new AppError('validation', { message: 'Tags cannot be empty.' });
  const access = await cardAccess(services, member, cardId);
  if (!presentCardAbilities(access, member).edit) throw new AppError('forbidden');
  const result = await services.transaction(
    async (unit) => {
      await ensureBaseline(unit.tx, cardId);
      const [card] = await unit.tx
        .update(cards)
        .set({
          tags: add
            ? sql`case when ${cards.tags} ? ${clean} then ${cards.tags} else ${cards.tags} || ${JSON.stringify([clean])}::jsonb end`
            : sql`${cards.tags} - ${clean}`,
          version: sql`${cards.version} + 1`,
          updatedAt: new Date(),
          updatedByProfileId: member.profileId,
        })
        .where(and(eq(cards.id, cardId), isNull(cards.deletedAt)))
        .returning();
      if (!card) throw new AppError('cardNotFound');
      await recordCardEvent(unit, member, card, add ? 'tag' : 'untag', {
        tag: clean,
        version: card.version,
      });
      return card;
    },
    { context },
  );
  return presentFullCard(services, member, { ...access, card: result });
}

/** markCardsViewed: the given cards (or every card of the project) become viewed. */
export async function markCardsViewed(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  cardIds: string[] | null,
  context: RequestContext,
): Promise<number> {
  await workspaceAccess(services, member, projectId);
  return services.transaction(
    async (unit) => {
      const conditions = [
        eq(cards.projectId, projectId),
        eq(cards.organizationId, member.organization.id),
        eq(cards.viewed, false),
        eq(cards.draft, false),
        isNull(cards.deletedAt),
      ];
      if (cardIds) {
        const ids = cardIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
        if (ids.length === 0) return 0;
        conditions.push(inArray(cards.id, ids));
      }
      const rows = await unit.tx
        .update(cards)
        .set({ viewed: true })
        .where(and(...conditions))
        .returning({ id: cards.id });
      if (rows.length) {
        await unit.record({
          name: 'cards.viewed',
          organizationId: member.organization.id,
          projectId,
          actorId: member.profileId,
          subjectType: 'project',
          subjectId: projectId,
          changes: { count: rows.length },
        });
        await touchProjectCards(unit.tx, projectId);
      }
      return rows.length;
    },
    { context },
  );
}
