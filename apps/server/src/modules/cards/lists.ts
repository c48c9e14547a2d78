/**
 * Card lists: the activity feed (40 a page, by type, sorted), the member's drafts, card search,
 * templates (create, list) and copying a card to another project.
 */
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  canCreateCard,
  cardPath,
  cardSearchSchema,
  feedInputSchema,
  LIMITS,
  organizationHasFeature,
  rankBetween,
  type License,
} from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { listProjects, parse } from '../projects/service.ts';
import { cardAccess, loadPeople, projectAccess } from './access.ts';
import { cards, cardTexts, hypotheses } from './schema.ts';
import { presentFullCard, productPlacement, recordCardEvent } from './service.ts';

const listColumns = {
  id: cards.id,
  projectId: cards.projectId,
  type: cards.type,
  title: cards.title,
  draft: cards.draft,
  tags: cards.tags,
  viewed: cards.viewed,
  isEvidence: cards.isEvidence,
  templateName: cards.templateName,
  publishedAt: cards.publishedAt,
  createdAt: cards.createdAt,
  updatedAt: cards.updatedAt,
  createdBy: cards.createdByProfileId,
  hypothesisType: hypotheses.hypothesisType,
  businessStatus: hypotheses.businessStatus,
  result: hypotheses.result,
};

type ListRow = {
  id: string;
  projectId: string;
  type: string;
  title: string;
  draft: boolean;
  tags: string[];
  viewed: boolean;
  isEvidence: boolean;
  templateName: string | null;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  createdBy: string | null;
  hypothesisType: string | null;
  businessStatus: string | null;
  result: string | null;
};

async function presentList(services: AppServices, member: MemberContext, rows: ListRow[]) {
  const people = await loadPeople(
    services.database.db,
    member.organization.id,
    rows.map((r) => r.createdBy),
  );
  return rows.map((r) => ({
    id: r.id,
    projectId: r.projectId,
    type: r.type,
    title: r.title,
    draft: r.draft,
    tags: r.tags,
    viewed: r.viewed,
    isEvidence: r.isEvidence,
    templateName: r.templateName,
    hypothesisType: r.hypothesisType,
    businessStatus: r.businessStatus,
    result: r.result,
    publishedAt: r.publishedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    createdBy: r.createdBy ? (people.get(r.createdBy) ?? null) : null,
    path: cardPath({ id: r.id, type: r.type, hypothesisType: r.hypothesisType }),
  }));
}

const live = (member: MemberContext) => [
  eq(cards.organizationId, member.organization.id),
  isNull(cards.deletedAt),
  eq(cards.template, false),
];

/** The activity feed: published cards of the project, 40 a page, filtered by type and sorted. */
export async function activityFeed(services: AppServices, member: MemberContext, input: unknown) {
  const data = parse(feedInputSchema.safeParse(input));
  await projectAccess(services, member, data.projectId);
  const conditions: SQL[] = [
    ...live(member),
    eq(cards.projectId, data.projectId),
    eq(cards.draft, false),
  ];
  if (data.types.length) conditions.push(inArray(cards.type, data.types));
  const order =
    data.sort === 'oldest'
      ? [asc(cards.publishedAt), asc(cards.id)]
      : data.sort === 'updated'
        ? [desc(cards.updatedAt), desc(cards.id)]
        : [desc(cards.publishedAt), desc(cards.id)];
  const rows = await services.database.db
    .select(listColumns)
    .from(cards)
    .leftJoin(hypotheses, eq(hypotheses.cardId, cards.id))
    .where(and(...conditions))
    .orderBy(...order)
    .limit(LIMITS.feedCount + 1)
    .offset(data.page * LIMITS.feedCount);
  const [total] = await services.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(cards)
    .where(and(...conditions));
  return {
    cards: await presentList(services, member, rows.slice(0, LIMITS.feedCount)),
    hasMore: rows.length > LIMITS.feedCount,
    total: total?.n ?? 0,
    page: data.page,
  };
}

/** The member's own drafts in a project, newest first. */
export async function listDrafts(services: AppServices, member: MemberContext, projectId: string) {
  await projectAccess(services, member, projectId);
  const rows = await services.database.db
    .select(listColumns)
    .from(cards)
    .leftJoin(hypotheses, eq(hypotheses.cardId, cards.id))
    .where(
      and(
        ...live(member),
        eq(cards.projectId, projectId),
        eq(cards.draft, true),
        eq(cards.createdByProfileId, member.profileId),
      ),
    )
    .orderBy(desc(cards.updatedAt))
    .limit(200);
  return presentList(services, member, rows);
}

/** Card search by title and text, optionally evidence only (or never evidence). */
export async function searchCards(services: AppServices, member: MemberContext, input: unknown) {
  const data = parse(cardSearchSchema.safeParse(input));
  await projectAccess(services, member, data.projectId);
  const conditions: SQL[] = [
    ...live(member),
    eq(cards.projectId, data.projectId),
    or(eq(cards.draft, false), eq(cards.createdByProfileId, member.profileId)) as SQL,
  ];
  if (data.isEvidence !== null) conditions.push(eq(cards.isEvidence, data.isEvidence));
  if (data.searchText) {
    const pattern = `%${data.searchText.replace(/[%_\\]/g, '\\$&')}%`;
    conditions.push(
      or(
        ilike(cards.title, pattern),
        sql`exists (select 1 from ${cardTexts} where ${cardTexts.cardId} = ${cards.id} and ${cardTexts.rawText} ilike ${pattern})`,
        ilike(hypotheses.summary, pattern),
      ) as SQL,
    );
  }
  const rows = await services.database.db
    .select(listColumns)
    .from(cards)
    .leftJoin(hypotheses, eq(hypotheses.cardId, cards.id))
    .where(and(...conditions))
    .orderBy(desc(cards.updatedAt))
    .limit(50);
  return presentList(services, member, rows);
}

/** createTemplate: a copy of the card, kept as a template of the organisation. */
export async function createTemplate(
  services: AppServices,
  member: MemberContext,
  cardId: string,
  name: string,
  context: RequestContext,
) {
  const access = await cardAccess(services, member, cardId);
  const templateName = name.trim().slice(0, 100) || access.card.title || 'Untitled template';
  const copy = await copyCard(services, member, access, access.project.id, context, {
    template: true,
    templateName,
  });
  return copy;
}

/** Templates of the organisation from projects the member may see. */
export async function listTemplates(
  services: AppServices,
  member: MemberContext,
  type: string | null,
) {
  const visible = await listProjects(services, member, null);
  const ids = visible.projects.map((p) => p.id);
  if (ids.length === 0) return [];
  const conditions: SQL[] = [
    eq(cards.organizationId, member.organization.id),
    isNull(cards.deletedAt),
    eq(cards.template, true),
    inArray(cards.projectId, ids),
  ];
  if (type) conditions.push(eq(cards.type, type));
  const rows = await services.database.db
    .select(listColumns)
    .from(cards)
    .leftJoin(hypotheses, eq(hypotheses.cardId, cards.id))
    .where(and(...conditions))
    .orderBy(asc(cards.templateName))
    .limit(200);
  return presentList(services, member, rows);
}

/** copyCardTo: a copy in another project (unassigned, published), where the plan offers it. */
export async function copyCardTo(
  services: AppServices,
  member: MemberContext,
  cardId: string,
  projectId: string,
  context: RequestContext,
) {
  if (
    !organizationHasFeature(
      { ...member.organization, license: member.organization.license as License },
      'copyCardToProject',
      member.featureSlugs,
    )
  ) {
    throw new AppError('featureUnavailable');
  }
  const access = await cardAccess(services, member, cardId);
  if (access.card.draft) throw new AppError('validation', { message: 'Publish the card first.' });
  return copyCard(services, member, access, projectId, context, {
    template: false,
    templateName: null,
  });
}

async function copyCard(
  services: AppServices,
  member: MemberContext,
  source: Awaited<ReturnType<typeof cardAccess>>,
  projectId: string,
  context: RequestContext,
  options: { template: boolean; templateName: string | null },
) {
  const target = await projectAccess(services, member, projectId);
  if (!canCreateCard(target.scope, source.card.type)) throw new AppError('forbidden');
  const texts = await services.database.db
    .select()
    .from(cardTexts)
    .where(eq(cardTexts.cardId, source.card.id));
  const created = await services.transaction(
    async (unit) => {
      const [card] = await unit.tx
        .insert(cards)
        .values({
          organizationId: member.organization.id,
          projectId,
          type: source.card.type,
          title: source.card.title,
          draft: false,
          template: options.template,
          templateName: options.templateName,
          isEvidence: source.card.isEvidence,
          tags: source.card.tags,
          fields: projectId === source.card.projectId ? source.card.fields : {},
          origin: options.template ? 'template' : 'copy',
          publishedAt: new Date(),
          createdByProfileId: member.profileId,
          updatedByProfileId: member.profileId,
        })
        .returning();
      if (!card) throw new Error('card insert returned no row');
      let hypothesis = null;
      if (source.hypothesis) {
        const [last] = await unit.tx
          .select({ rank: sql<string | null>`max(${hypotheses.canvasRank})` })
          .from(hypotheses)
          .where(
            and(eq(hypotheses.projectId, projectId), eq(hypotheses.canvasSection, 'unassigned')),
          );
        const sameProject = projectId === source.card.projectId;
        [hypothesis] = await unit.tx
          .insert(hypotheses)
          .values({
            ...source.hypothesis,
            cardId: card.id,
            projectId,
            canvasSection: sameProject ? source.hypothesis.canvasSection : 'unassigned',
            canvasRank: rankBetween(last?.rank ?? null, null),
            ...(sameProject
              ? {}
              : {
                  timelineSection: null,
                  timelineRank: null,
                  productStatusSection: null,
                  productStatusRank: null,
                  productThemeSection: null,
                  productThemeRank: null,
                  members: [],
                  ...(source.hypothesis.hypothesisType === 'product'
                    ? await productPlacement(unit.tx, projectId, {})
                    : {}),
                }),
          })
          .returning();
      }
      if (texts.length) {
        await unit.tx
          .insert(cardTexts)
          .values(
            texts.map((t) => ({ ...t, cardId: card.id, mentions: [], updatedAt: new Date() })),
          );
      }
      await recordCardEvent(unit, member, card, options.template ? 'template' : 'copy', {
        from: source.card.id,
      });
      return { card, hypothesis: hypothesis ?? null };
    },
    { context },
  );
  return presentFullCard(services, member, {
    ...created,
    scope: target.scope,
    project: target.project,
  });
}
