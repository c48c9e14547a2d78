/** A card as its screen shows it (part 2 §2): texts, associations, media, comments, abilities. */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { projectFields } from '@assay/domain';
import type { MemberContext } from '../../http/member-context.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { AppServices } from '../../services.ts';
import { comments } from '../comments/schema.ts';
import { cardAccess, loadPeople, type CardAccess } from './access.ts';
import { learningOf, loadAssociations } from './connections.ts';
import { presentStrength } from './confidence.ts';
import { loadExperiment, presentExperiment } from './experiments.ts';
import { isEvidenceCard, loadEvidenceDetail } from './evidence.ts';
import { listCardMedia } from '../media/ports.ts';
import { presentCard, type CardTextRow } from './present.ts';
import { cardTexts } from './schema.ts';

export async function loadTexts(executor: Executor, cardId: string): Promise<CardTextRow[]> {
  return executor
    .select({
      field: cardTexts.field,
      text: cardTexts.text,
      rawText: cardTexts.rawText,
      mentions: cardTexts.mentions,
      updatedAt: cardTexts.updatedAt,
      generated: cardTexts.generated,
      migrated: cardTexts.migrated,
    })
    .from(cardTexts)
    .where(eq(cardTexts.cardId, cardId))
    .orderBy(asc(cardTexts.field));
}

/** Live comments on a card. */
async function countComments(executor: Executor, cardId: string) {
  const [row] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(comments)
    .where(
      and(
        eq(comments.subjectType, 'card'),
        eq(comments.subjectId, cardId),
        isNull(comments.deletedAt),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The full card as the member sees it. */
export async function presentFullCard(
  services: AppServices,
  member: MemberContext,
  access: Pick<CardAccess, 'card' | 'hypothesis' | 'scope' | 'project'>,
  options: { texts?: CardTextRow[]; unverifiedId?: string | null } = {},
) {
  const { card, hypothesis } = access;
  const texts = options.texts ?? (await loadTexts(services.database.db, card.id));
  const others = [
    card.createdByProfileId,
    card.updatedByProfileId,
    hypothesis?.resultUpdatedBy,
    hypothesis?.reviewedBy,
    ...(hypothesis?.members ?? []),
  ].filter((id) => id && id !== member.profileId);
  // The member is known already; only other people are looked up.
  const people = await loadPeople(services.database.db, member.organization.id, others);
  people.set(member.profileId, member.person);
  const evidenceDetail = isEvidenceCard(card.type)
    ? await loadEvidenceDetail(services.database.db, card.id)
    : null;
  const experimentRow =
    card.type === 'experiment' ? await loadExperiment(services.database.db, card.id) : null;
  if (experimentRow?.members.length) {
    const missing = experimentRow.members.filter((id) => !people.has(id));
    for (const [id, person] of await loadPeople(
      services.database.db,
      member.organization.id,
      missing,
    ))
      people.set(id, person);
  }
  // A card just created has no files or connections yet.
  const files = options.texts ? [] : await listCardMedia(services, member.organization.id, card.id);
  const learning = learningOf(member);
  const links = options.texts
    ? null
    : await loadAssociations(services.database.db, card.id, learning);
  const commentsCount = options.texts ? 0 : await countComments(services.database.db, card.id);
  return presentCard({
    card,
    hypothesis,
    evidence: evidenceDetail,
    experiment: experimentRow
      ? presentExperiment(experimentRow, card, links?.metrics.evidence ?? 0, people)
      : null,
    media: files,
    associations: links?.associations ?? { hypothesis: [], evidence: [], experiments: [] },
    commentsCount,
    metrics: links?.metrics ?? {
      hypothesis: 0,
      evidence: 0,
      experiments: 0,
      activeExperiments: 0,
      completeExperiments: 0,
    },
    rating: links?.rating ?? { sum: 0, count: 0, trendingScore: 0 },
    confidence: links?.confidence,
    strength: presentStrength(card, learning),
    texts,
    people,
    scope: access.scope,
    profileId: member.profileId,
    fields: projectFields(member.organization.globalFields, access.project.customFields),
    unverifiedId: options.unverifiedId ?? null,
  });
}

export async function getCard(services: AppServices, member: MemberContext, cardId: string) {
  return presentFullCard(services, member, await cardAccess(services, member, cardId));
}

export function presentCardAbilities(access: CardAccess, member: MemberContext) {
  return presentCard({
    card: access.card,
    hypothesis: null,
    texts: [],
    people: new Map(),
    scope: access.scope,
    profileId: member.profileId,
    fields: [],
  }).abilities;
}
