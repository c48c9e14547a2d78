/** Connection suggestions by the agent: asked for, accepted (the cards connect) or dismissed. */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError, RATINGS } from '@assay/domain';
import { type MemberContext, type RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { cardAccess, workspaceAccess } from '../cards/ports.ts';
import { cards } from '../cards/schema.ts';
import { connectCards } from '../cards/ports.ts';
import { connectionSuggestions } from './schema.ts';
import { requireAgent, startGeneration } from './service.ts';
import { mayWriteCards, requireEditable } from './guards.ts';
import { cardGeneration, COMPLETION_TYPES } from './card-completions.ts';

/** suggestConnections(cardId): the agent reads the evidence against the project's hypotheses (#49). */
export async function suggestConnections(
  services: AppServices,
  member: MemberContext,
  cardId: string,
  context: RequestContext,
) {
  requireAgent(member);
  const access = await cardAccess(services, member, cardId);
  requireEditable(access, member);
  if (!COMPLETION_TYPES.connectionSuggestions(access.card.type)) {
    throw new AppError('validation', { message: 'Suggestions are made for evidence cards.' });
  }
  await startGeneration(
    services,
    member,
    {
      projectId: access.card.projectId,
      cardId,
      kind: 'connectionSuggestions',
      input: { language: access.project.language },
    },
    context,
  );
  return cardGeneration(services, member, cardId);
}

async function ownSuggestion(services: AppServices, member: MemberContext, id: string) {
  const [row] = await services.database.db
    .select()
    .from(connectionSuggestions)
    .where(
      and(
        eq(connectionSuggestions.id, id),
        eq(connectionSuggestions.organizationId, member.organization.id),
      ),
    );
  if (!row) throw new AppError('notFound');
  const access = await cardAccess(services, member, row.evidenceCardId);
  requireEditable(access, member);
  return row;
}

/**
 * Accepts a suggestion (#49): the connection is made by the person, with the agent's rating or the
 * one they chose, and the quote it rests on. The suggestion is claimed first, so forty clicks at
 * once make one connection; if connecting fails, it is pending again.
 */
export async function acceptSuggestion(
  services: AppServices,
  member: MemberContext,
  id: string,
  context: RequestContext,
  rating?: number,
) {
  const row = await ownSuggestion(services, member, id);
  if (rating !== undefined && !RATINGS.some((r) => r.value === rating))
    throw new AppError('validation', { message: 'A rating is a whole number from -2 to 2.' });
  const [claimed] = await services.database.db
    .update(connectionSuggestions)
    .set({ status: 'accepted', decidedByProfileId: member.profileId, updatedAt: new Date() })
    .where(and(eq(connectionSuggestions.id, id), eq(connectionSuggestions.status, 'pending')))
    .returning();
  if (!claimed)
    throw new AppError('validation', { message: 'This suggestion was already handled.' });
  try {
    await connectCards(
      services,
      member,
      row.evidenceCardId,
      { cardId: row.hypothesisCardId, rating: rating ?? row.rating ?? undefined },
      context,
      { quote: row.quote ?? undefined },
    );
  } catch (error) {
    await services.database.db
      .update(connectionSuggestions)
      .set({ status: 'pending', decidedByProfileId: null, updatedAt: new Date() })
      .where(eq(connectionSuggestions.id, id));
    throw error;
  }
  return cardGeneration(services, member, row.evidenceCardId);
}

/** Dismisses a suggestion: it is not made again for this version of the evidence. */
export async function dismissSuggestion(services: AppServices, member: MemberContext, id: string) {
  const row = await ownSuggestion(services, member, id);
  await services.database.db
    .update(connectionSuggestions)
    .set({ status: 'dismissed', decidedByProfileId: member.profileId, updatedAt: new Date() })
    .where(and(eq(connectionSuggestions.id, id), eq(connectionSuggestions.status, 'pending')));
  return cardGeneration(services, member, row.evidenceCardId);
}

/** "Read new evidence" (#49 item 5): the agent reads every evidence card of the project not read yet. */
export async function readNewEvidence(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  context: RequestContext,
) {
  requireAgent(member);
  const access = await workspaceAccess(services, member, projectId);
  mayWriteCards(access);
  return startGeneration(
    services,
    member,
    { projectId, kind: 'readEvidence', input: { language: access.project.language } },
    context,
  );
}

/** The project's review list: every pending suggestion, evidence × hypothesis, newest evidence first. */
export async function projectSuggestions(
  services: AppServices,
  member: MemberContext,
  projectId: string,
) {
  const access = await workspaceAccess(services, member, projectId);
  const hypothesis = alias(cards, 'hypothesis');
  const rows = await services.database.db
    .select({
      id: connectionSuggestions.id,
      evidenceId: connectionSuggestions.evidenceCardId,
      evidenceTitle: cards.title,
      hypothesisId: connectionSuggestions.hypothesisCardId,
      hypothesisTitle: hypothesis.title,
      rating: connectionSuggestions.rating,
      quote: connectionSuggestions.quote,
      reason: connectionSuggestions.reason,
    })
    .from(connectionSuggestions)
    .innerJoin(cards, eq(cards.id, connectionSuggestions.evidenceCardId))
    .innerJoin(hypothesis, eq(hypothesis.id, connectionSuggestions.hypothesisCardId))
    .where(
      and(
        eq(connectionSuggestions.projectId, access.project.id),
        eq(connectionSuggestions.status, 'pending'),
        isNull(cards.deletedAt),
        isNull(hypothesis.deletedAt),
      ),
    )
    .orderBy(desc(cards.createdAt), desc(connectionSuggestions.score));
  return rows;
}
