/** Connection suggestions by the agent: asked for, accepted (the cards connect) or dismissed. */
import { and, eq } from 'drizzle-orm';
import { AppError } from '@assay/domain';
import { type MemberContext, type RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { cardAccess } from '../cards/ports.ts';
import { connectCards } from '../cards/ports.ts';
import { connectionSuggestions } from './schema.ts';
import { requireAgent, startGeneration } from './service.ts';
import { requireEditable } from './guards.ts';
import { cardGeneration, COMPLETION_TYPES } from './card-completions.ts';

/** suggestConnections(cardId): lexical suggestions between this evidence and the hypotheses. */
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

/** Accepts a suggestion: the connection is made by the person, then the suggestion is closed. */
export async function acceptSuggestion(
  services: AppServices,
  member: MemberContext,
  id: string,
  context: RequestContext,
) {
  const row = await ownSuggestion(services, member, id);
  if (row.status !== 'pending')
    throw new AppError('validation', { message: 'This suggestion was already handled.' });
  await connectCards(
    services,
    member,
    row.evidenceCardId,
    { cardId: row.hypothesisCardId },
    context,
  );
  await services.database.db
    .update(connectionSuggestions)
    .set({ status: 'accepted', decidedByProfileId: member.profileId, updatedAt: new Date() })
    .where(eq(connectionSuggestions.id, id));
  return cardGeneration(services, member, row.evidenceCardId);
}

/** Dismisses a suggestion; it is not suggested again for this card. */
export async function dismissSuggestion(services: AppServices, member: MemberContext, id: string) {
  const row = await ownSuggestion(services, member, id);
  await services.database.db
    .update(connectionSuggestions)
    .set({ status: 'dismissed', decidedByProfileId: member.profileId, updatedAt: new Date() })
    .where(eq(connectionSuggestions.id, id));
  return cardGeneration(services, member, row.evidenceCardId);
}
