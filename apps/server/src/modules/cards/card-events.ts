/** A card's events: every change to a card is recorded where its project hears it. */
import type { MemberContext } from '../../http/member-context.ts';
import type { UnitOfWork } from '../../platform/events/unit-of-work.ts';
import { recordCardHistory } from './history.ts';
import { touchProjectCards } from './board-cache.ts';
import { type CardRow } from './schema.ts';

/**
 * Records a card event and moves the project's card version (boards re-read after it). Call it
 * last in the transaction: the version update locks the project row until commit.
 */
export async function recordCardEvent(
  unit: UnitOfWork,
  member: MemberContext,
  card: Pick<CardRow, 'id' | 'projectId'>,
  action: string,
  changes: Record<string, unknown>,
) {
  const event = await unit.record({
    name: `cards.${action}`,
    organizationId: member.organization.id,
    projectId: card.projectId,
    actorId: member.profileId,
    subjectType: 'card',
    subjectId: card.id,
    changes,
  });
  await touchProjectCards(unit.tx, card.projectId);
  await recordCardHistory(
    unit.tx,
    {
      organizationId: member.organization.id,
      profileId: member.profileId,
      learning: member.organization.learning,
    },
    card,
    action,
  );
  return event;
}
