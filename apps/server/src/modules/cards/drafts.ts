/** A card's draft (part 2 §2): published for everyone, or discarded back to the last published text. */
import { eq } from 'drizzle-orm';
import { AppError, isDraftEmpty, titleProblem } from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { AppServices } from '../../services.ts';
import { cardAccess } from './access.ts';
import { loadExperiment } from './experiments.ts';
import {
  evidenceDraftContent,
  evidencePublishProblem,
  isEvidenceCard,
  loadEvidenceDetail,
} from './evidence.ts';
import { cards } from './schema.ts';
import { recordCardEvent } from './card-events.ts';
import { loadTexts } from './full-card.ts';
import { updateCardWith } from './update.ts';

async function textContent(executor: Executor, cardId: string) {
  const texts = await loadTexts(executor, cardId);
  return Object.fromEntries(texts.map((t) => [t.field, t.rawText]));
}

/** Publishing: the title rule of the type, then the card joins the feed and lists. */
export async function publishCard(
  services: AppServices,
  member: MemberContext,
  cardId: string,
  version: number,
  context: RequestContext,
) {
  return updateCardWith(
    services,
    member,
    cardId,
    version,
    context,
    'publish',
    async (unit, access) => {
      if (!access.card.draft) return { changes: {} };
      const meeting = isEvidenceCard(access.card.type)
        ? !!(await loadEvidenceDetail(unit.tx, access.card.id))?.engagement
        : false;
      const problem = titleProblem(access.card.type, access.card.title, { meeting });
      if (problem) throw new AppError('cardTitleInvalid', { message: problem });
      if (isEvidenceCard(access.card.type)) {
        const rule = await evidencePublishProblem(unit.tx, access.card);
        if (rule) throw new AppError('validation', { message: rule });
      }
      return { card: { draft: false, publishedAt: new Date() }, changes: { draft: false } };
    },
  );
}

/**
 * Closing a draft: an empty one (nothing the rule of part 2 §4 looks at) is discarded; anything
 * else is kept. Answers whether it was discarded.
 */
export async function discardDraft(
  services: AppServices,
  member: MemberContext,
  cardId: string,
  context: RequestContext,
): Promise<boolean> {
  const access = await cardAccess(services, member, cardId);
  if (!access.card.draft || access.card.createdByProfileId !== member.profileId) return false;
  const texts = await textContent(services.database.db, cardId);
  const extra = isEvidenceCard(access.card.type)
    ? await evidenceDraftContent(services.database.db, cardId)
    : { summary: undefined, intervieweeCount: 0, mediaCount: 0 };
  const experimentRow =
    access.card.type === 'experiment' ? await loadExperiment(services.database.db, cardId) : null;
  const empty = isDraftEmpty(access.card.type, {
    title: access.card.title,
    intervieweeCount: extra.intervieweeCount,
    mediaCount: extra.mediaCount,
    summary: access.hypothesis?.summary ?? extra.summary ?? texts.summary,
    description: texts.description,
    keyInsights: texts.keyInsights,
    notes: texts.notes,
    statement: texts.statement,
    successCriteriaCount: experimentRow?.successCriteria.length ?? 0,
  });
  if (!empty) return false;
  await services.transaction(
    async (unit) => {
      await unit.tx.delete(cards).where(eq(cards.id, cardId));
      await recordCardEvent(unit, member, access.card, 'discard', {});
    },
    { context },
  );
  return true;
}
