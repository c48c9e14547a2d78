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
  rankBetween,
} from '@assay/domain';
import {
  requireFeature,
  type MemberContext,
  type RequestContext,
} from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { evidenceLockerProject, listProjects, presentProject } from '../projects/ports.ts';
import { parse } from '../../http/parse.ts';
import { cardAccess, loadPeople, workspaceAccess } from './access.ts';
import { cards, cardTexts, hypotheses } from './schema.ts';
import { presentFullCard } from './full-card.ts';
import { productPlacement } from './create.ts';
import { recordCardEvent } from './card-events.ts';
import { containsPattern } from '../../platform/db/like.ts';
import { hiddenEngagementTypes, withoutHiddenEngagements } from '../cohorts/ports.ts';

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

/** In cohort teams, engagements the member may not see stay out of lists (part 2 §6). */
async function engagementFilter(
  services: AppServices,
  member: MemberContext,
  project: { id: string; cohortId: string | null },
): Promise<SQL[]> {
  const hidden = await hiddenEngagementTypes(services.database.db, member, project);
  const condition = withoutHiddenEngagements(hidden);
  return condition ? [condition] : [];
}

const live = (member: MemberContext) => [
  eq(cards.organizationId, member.organization.id),
  isNull(cards.deletedAt),
  eq(cards.template, false),
];

/** The activity feed: published cards of the project, 40 a page, filtered by type and sorted. */
export async function activityFeed(services: AppServices, member: MemberContext, input: unknown) {
  const data = parse(feedInputSchema.safeParse(input));
  const { project } = await workspaceAccess(services, member, data.projectId);
  const conditions: SQL[] = [
    ...live(member),
    eq(cards.projectId, data.projectId),
    eq(cards.draft, false),
    ...(await engagementFilter(services, member, project)),
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

/**
 * The evidence of a project: published evidence cards, newest first, with the counts the list
 * shows (total, new = not yet viewed, viewed, generated by the agent).
 */
export async function listEvidence(
  services: AppServices,
  member: MemberContext,
  projectId: string,
) {
  const { project } = await workspaceAccess(services, member, projectId);
  const conditions: SQL[] = [
    ...live(member),
    eq(cards.projectId, projectId),
    eq(cards.draft, false),
    eq(cards.isEvidence, true),
    ...(await engagementFilter(services, member, project)),
  ];
  const [counts] = await services.database.db
    .select({
      total: sql<number>`count(*)::int`,
      viewed: sql<number>`count(*) filter (where ${cards.viewed})::int`,
      generated: sql<number>`count(*) filter (where ${cards.origin} = 'generated')::int`,
    })
    .from(cards)
    .where(and(...conditions));
  const rows = await services.database.db
    .select(listColumns)
    .from(cards)
    .leftJoin(hypotheses, eq(hypotheses.cardId, cards.id))
    .where(and(...conditions))
    .orderBy(desc(cards.publishedAt), desc(cards.id))
    .limit(200);
  const total = counts?.total ?? 0;
  const viewed = counts?.viewed ?? 0;
  return {
    counts: { total, new: total - viewed, viewed, generated: counts?.generated ?? 0 },
    cards: await presentList(services, member, rows),
  };
}

/** The member's own drafts in a project, newest first. */
export async function listDrafts(services: AppServices, member: MemberContext, projectId: string) {
  await workspaceAccess(services, member, projectId);
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
  await workspaceAccess(services, member, data.projectId);
  const conditions: SQL[] = [
    ...live(member),
    eq(cards.projectId, data.projectId),
    or(eq(cards.draft, false), eq(cards.createdByProfileId, member.profileId)) as SQL,
  ];
  if (data.isEvidence !== null) conditions.push(eq(cards.isEvidence, data.isEvidence));
  if (data.searchText) {
    const pattern = containsPattern(data.searchText);
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
  requireFeature(member, 'copyCardToProject');
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
  const target = await workspaceAccess(services, member, projectId);
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

/** The evidence locker: the organisation's pseudo-project and its evidence. */
export async function evidenceLocker(services: AppServices, member: MemberContext) {
  const locker = await evidenceLockerProject(services, member);
  const access = await workspaceAccess(services, member, locker.id);
  return {
    project: presentProject(access.project, member, access.role),
    evidence: await listEvidence(services, member, locker.id),
  };
}
