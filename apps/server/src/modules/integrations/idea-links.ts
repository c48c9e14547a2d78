/**
 * What integrations keep on an idea card (its design file, Jira issue, Trello cards): the card
 * as its editor may change it, and one write of its hypothesis row with the card's event.
 */
import { eq } from 'drizzle-orm';
import { AppError } from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { editableCardAccess } from '../cards/ports.ts';
import { hypotheses, type HypothesisRow } from '../cards/schema.ts';
import { recordCardEvent } from '../cards/ports.ts';

/** An idea card the member may edit (with its hypothesis row). */
export async function editableIdea(services: AppServices, member: MemberContext, cardId: string) {
  const access = await editableCardAccess(services, member, cardId);
  const hypothesis = access.hypothesis;
  if (!hypothesis) throw new AppError('cardNotFound');
  return { ...access, hypothesis };
}

/** Writes the idea's link fields and records the card event (realtime, feed, integrations). */
export async function writeIdeaLinks(
  services: AppServices,
  member: MemberContext,
  card: { id: string; projectId: string },
  patch: Partial<Pick<HypothesisRow, 'figma' | 'jiraLink' | 'trelloIds'>>,
  event: { action: string; changes: Record<string, unknown> },
  context: RequestContext,
) {
  await services.transaction(
    async (unit) => {
      await unit.tx.update(hypotheses).set(patch).where(eq(hypotheses.cardId, card.id));
      await recordCardEvent(unit, member, card, event.action, event.changes);
    },
    { context },
  );
}
