/**
 * Card use cases: create (from the picker or a template), read, update with its version, rich
 * text, section moves, publish, discard an empty draft, delete, tags, viewed and reviewed.
 */
import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import {
  AppError,
  BOARD_TYPES,
  CANVAS_SECTIONS,
  canCreateCard,
  cleanFieldValues,
  fieldValueProblem,
  createCardSchema,
  isDraftEmpty,
  mergeProductScore,
  projectFields,
  rankBetween,
  titleProblem,
  updateCardHeadSchema,
  updateCardSectionSchema,
  updateHypothesisSchema,
  updateTextSchema,
  type BoardName,
  type BoardType,
  type CreateCardInput,
  type UpdateHypothesisInput,
} from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { UnitOfWork } from '../../platform/events/unit-of-work.ts';
import type { AppServices } from '../../services.ts';
import { comments } from '../comments/schema.ts';
import { profiles } from '../organizations/schema.ts';
import { parse } from '../../http/parse.ts';
import { boardSections } from './schema.ts';
import {
  cardAccess,
  loadPeople,
  projectAccess,
  type CardAccess,
  type ProjectAccess,
} from './access.ts';
import { learningOf, loadAssociations } from './connections.ts';
import { presentStrength } from './confidence.ts';
import { ensureBaseline, recordCardHistory } from './history.ts';
import { insertBusinessCard } from './create-statement.ts';
import type { TypedCardPart } from './typed-card.ts';
import {
  experimentChange,
  recordAssignment,
  experimentCardPart,
  loadExperiment,
  presentExperiment,
} from './experiments.ts';
import {
  evidenceDraftContent,
  evidencePublishProblem,
  evidenceCardPart,
  interviewChange,
  isEvidenceCard,
  loadEvidenceDetail,
  postChange,
} from './evidence.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { listCardMedia } from '../media/service.ts';
import { touchProjectCards } from './board-cache.ts';
import { presentCard, type CardTextRow } from './present.ts';
import {
  cards,
  cardTexts,
  evidence,
  hypotheses,
  type CardRow,
  experiments,
  type EvidenceRow,
  type ExperimentRow,
  type HypothesisRow,
} from './schema.ts';

/** Which rich-text fields each card type has (others are ignored, as the spec says). */
const TEXT_FIELDS_BY_TYPE: Record<string, readonly string[]> = {
  hypothesis: ['description'],
  post: ['description', 'summary', 'keyInsights'],
  interview: ['notes', 'keyInsights'],
  evidenceOther: ['description', 'summary', 'keyInsights'],
  intercom: ['keyInsights', 'description'],
  experiment: ['description', 'statement', 'keyInsights', 'results'],
};

const BOARD_COLUMNS = {
  canvas: { section: 'canvasSection', rank: 'canvasRank' },
  timeline: { section: 'timelineSection', rank: 'timelineRank' },
  productStatus: { section: 'productStatusSection', rank: 'productStatusRank' },
  productTheme: { section: 'productThemeSection', rank: 'productThemeRank' },
} as const satisfies Record<BoardName, { section: keyof HypothesisRow; rank: keyof HypothesisRow }>;

function cleanTitle(title: string): string {
  return title.replace(/\s+/g, ' ').trim();
}

async function loadTexts(executor: Executor, cardId: string): Promise<CardTextRow[]> {
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

/** The last rank in a section of a board, to append after. */
async function lastRank(
  executor: Executor,
  projectId: string,
  board: BoardName,
  section: string,
): Promise<string | null> {
  const columns = BOARD_COLUMNS[board];
  const sectionColumn = hypotheses[columns.section];
  const rankColumn = hypotheses[columns.rank];
  const query = prepared(executor, `last_rank_${board}`, (d) =>
    d
      .select({ rank: max(rankColumn) })
      .from(hypotheses)
      .where(
        and(
          eq(hypotheses.projectId, sql.placeholder('projectId')),
          eq(sectionColumn, sql.placeholder('section')),
        ),
      )
      .prepare(`last_rank_${board}`),
  );
  const [row] = await query.execute({ projectId, section });
  return (row?.rank as string | null | undefined) ?? null;
}

async function boardSectionKeys(executor: Executor, projectId: string, sectionType: BoardType) {
  const rows = await executor
    .select({ key: boardSections.key, isDefault: boardSections.isDefault })
    .from(boardSections)
    .where(and(eq(boardSections.projectId, projectId), eq(boardSections.sectionType, sectionType)))
    .orderBy(asc(boardSections.rank));
  return {
    keys: rows.map((r) => r.key),
    fallback: rows.find((r) => r.isDefault)?.key ?? rows[0]?.key ?? null,
  };
}

/** Where a new or newly-product card goes on each product board: the given section or the default. */
export async function productPlacement(
  executor: Executor,
  projectId: string,
  wanted: {
    board?: BoardName | undefined;
    section?: string | undefined;
    rank?: string | undefined;
  },
) {
  const placement: Partial<HypothesisRow> = {};
  for (const sectionType of BOARD_TYPES) {
    const { keys, fallback } = await boardSectionKeys(executor, projectId, sectionType);
    const section =
      wanted.board === sectionType && wanted.section && keys.includes(wanted.section)
        ? wanted.section
        : fallback;
    if (!section) continue;
    const rank =
      wanted.board === sectionType && wanted.rank
        ? wanted.rank
        : rankBetween(await lastRank(executor, projectId, sectionType, section), null);
    Object.assign(placement, {
      [BOARD_COLUMNS[sectionType].section]: section,
      [BOARD_COLUMNS[sectionType].rank]: rank,
    });
  }
  return placement;
}

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

/** A draft card of an evidence or experiment type from a picker: card, type row and event at once. */
async function insertPickerCard(
  services: AppServices,
  member: MemberContext,
  access: ProjectAccess,
  data: CreateCardInput,
  context: RequestContext,
  part: TypedCardPart,
) {
  if (!canCreateCard(access.scope, data.type)) throw new AppError('forbidden');
  return services.transaction(
    async (unit) => {
      const [card] = await unit.tx
        .insert(cards)
        .values({
          organizationId: member.organization.id,
          projectId: data.projectId,
          type: data.type,
          title: cleanTitle(data.title),
          draft: true,
          isEvidence: part.isEvidence,
          origin: 'picker',
          createdByProfileId: member.profileId,
          updatedByProfileId: member.profileId,
        })
        .returning();
      if (!card) throw new Error('card insert returned no row');
      await part.insert(unit.tx, card);
      await recordCardEvent(unit, member, card, 'create', { type: card.type, draft: true });
      return card;
    },
    { context },
  );
}

/** createCard: a hypothesis from the picker (draft by default), optionally from a template. */
export async function createCard(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(createCardSchema.safeParse(input));
  const access = await projectAccess(services, member, data.projectId);
  if (data.type === 'intercom') {
    throw new AppError('validation', {
      message: 'Customer chats come from your chat tool: connect it in the project settings.',
    });
  }
  const part = isEvidenceCard(data.type)
    ? evidenceCardPart(member, data)
    : data.type === 'experiment'
      ? experimentCardPart(member, access)
      : null;
  if (part) {
    const card = await insertPickerCard(services, member, access, data, context, part);
    return presentFullCard(
      services,
      member,
      { card, hypothesis: null, scope: access.scope, project: access.project },
      { texts: [], unverifiedId: data.unverifiedId ?? null },
    );
  }
  if (data.type !== 'hypothesis') {
    throw new AppError('validation', {
      message: 'This kind of card arrives with its own feature.',
    });
  }
  if (!canCreateCard(access.scope, data.type)) throw new AppError('forbidden');
  const settings = access.project.settings;
  const typeAllowed =
    data.hypothesisType === 'product' ? settings.productHypotheses : settings.businessHypotheses;
  if (typeAllowed === false) throw new AppError('forbidden');

  let template: CardAccess | null = null;
  let templateTexts: CardTextRow[] = [];
  if (data.templateId) {
    template = await cardAccess(services, member, data.templateId);
    if (!template.card.template || template.card.type !== data.type) throw new AppError('notFound');
    templateTexts = await loadTexts(services.database.db, template.card.id);
  }
  const title = cleanTitle(data.title || template?.card.title || '');
  if (!data.draft) {
    const problem = titleProblem(data.type, title);
    if (problem) throw new AppError('cardTitleInvalid', { message: problem });
  }
  const hypothesisType = template?.hypothesis?.hypothesisType ?? data.hypothesisType;
  const canvasSection =
    data.board === 'canvas' || data.board === undefined
      ? data.section && (CANVAS_SECTIONS as readonly string[]).includes(data.section)
        ? data.section
        : 'unassigned'
      : 'unassigned';
  const now = new Date();

  if (!template && hypothesisType === 'business') {
    // The common case in one statement (see create-statement.ts).
    const rank =
      (data.board ?? 'canvas') === 'canvas' && data.rank
        ? data.rank
        : rankBetween(
            await lastRank(services.database.db, data.projectId, 'canvas', canvasSection),
            null,
          );
    const created = await insertBusinessCard(
      services,
      member,
      { projectId: data.projectId, title, draft: data.draft, section: canvasSection, rank },
      context,
    );
    return presentFullCard(
      services,
      member,
      { ...created, scope: access.scope, project: access.project },
      { texts: [], unverifiedId: data.unverifiedId ?? null },
    );
  }

  const created = await services.transaction(
    async (unit) => {
      const [card] = await unit.tx
        .insert(cards)
        .values({
          organizationId: member.organization.id,
          projectId: data.projectId,
          type: data.type,
          title,
          draft: data.draft,
          publishedAt: data.draft ? null : now,
          tags: template?.card.tags ?? [],
          fields: template?.card.fields ?? {},
          origin: template ? 'template' : 'picker',
          createdByProfileId: member.profileId,
          updatedByProfileId: member.profileId,
        })
        .returning();
      if (!card) throw new Error('card insert returned no row');
      const canvasRank =
        data.board === 'canvas' && data.rank
          ? data.rank
          : rankBetween(await lastRank(unit.tx, data.projectId, 'canvas', canvasSection), null);
      const placement =
        hypothesisType === 'product' ? await productPlacement(unit.tx, data.projectId, data) : {};
      const [hypothesis] = await unit.tx
        .insert(hypotheses)
        .values({
          cardId: card.id,
          projectId: data.projectId,
          hypothesisType,
          canvasSection,
          canvasRank,
          ...placement,
          summary: template?.hypothesis?.summary ?? '',
          productScore: template?.hypothesis?.productScore ?? {},
        })
        .returning();
      if (!hypothesis) throw new Error('hypothesis insert returned no row');
      if (templateTexts.length) {
        await unit.tx.insert(cardTexts).values(
          templateTexts.map((t) => ({
            cardId: card.id,
            field: t.field,
            text: t.text,
            rawText: t.rawText,
            mentions: [],
            updatedByProfileId: member.profileId,
          })),
        );
      }
      await recordCardEvent(unit, member, card, 'create', {
        type: card.type,
        hypothesisType,
        draft: card.draft,
        section: canvasSection,
      });
      return { card, hypothesis };
    },
    { context },
  );
  return presentFullCard(
    services,
    member,
    { ...created, scope: access.scope, project: access.project },
    {
      texts: templateTexts.length ? undefined : [],
      unverifiedId: data.unverifiedId ?? null,
    },
  );
}

/**
 * Runs an update of a card the member may edit, refusing a stale version: the card row moves to
 * the next version in the same transaction as the change and its event.
 */
async function updateCardWith(
  services: AppServices,
  member: MemberContext,
  cardId: string,
  version: number,
  context: RequestContext,
  action: string,
  work: (
    unit: UnitOfWork,
    access: CardAccess,
  ) => Promise<{
    card?: Partial<CardRow>;
    hypothesis?: Partial<HypothesisRow>;
    evidence?: Partial<EvidenceRow>;
    experiment?: Partial<ExperimentRow>;
    changes: Record<string, unknown>;
  }>,
) {
  const access = await cardAccess(services, member, cardId);
  const abilities = presentCardAbilities(access, member);
  if (!abilities.edit) throw new AppError('forbidden');
  if (access.card.version !== version) throw new AppError('staleVersion');
  const result = await services.transaction(
    async (unit) => {
      await ensureBaseline(unit.tx, cardId);
      const change = await work(unit, access);
      const [card] = await unit.tx
        .update(cards)
        .set({
          ...change.card,
          version: sql`${cards.version} + 1`,
          updatedAt: new Date(),
          updatedByProfileId: member.profileId,
        })
        .where(and(eq(cards.id, cardId), eq(cards.version, version), isNull(cards.deletedAt)))
        .returning();
      // Someone saved in between: nothing of this change is written.
      if (!card) throw new AppError('staleVersion');
      let hypothesis = access.hypothesis;
      if (change.hypothesis && Object.keys(change.hypothesis).length && hypothesis) {
        const [row] = await unit.tx
          .update(hypotheses)
          .set(change.hypothesis)
          .where(eq(hypotheses.cardId, cardId))
          .returning();
        hypothesis = row ?? hypothesis;
      }
      if (change.evidence && Object.keys(change.evidence).length) {
        await unit.tx.update(evidence).set(change.evidence).where(eq(evidence.cardId, cardId));
      }
      if (change.experiment && Object.keys(change.experiment).length) {
        await unit.tx
          .update(experiments)
          .set(change.experiment)
          .where(eq(experiments.cardId, cardId));
      }
      await recordCardEvent(unit, member, card, action, {
        version: card.version,
        ...change.changes,
      });
      return { card, hypothesis };
    },
    { context },
  );
  return presentFullCard(services, member, { ...access, ...result });
}

function presentCardAbilities(access: CardAccess, member: MemberContext) {
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

/** Members a hypothesis may name: active owners, admins and collaborators of the organisation. */
export async function checkMembers(executor: Executor, organizationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const rows = await executor
    .select({ id: profiles.id, role: profiles.role })
    .from(profiles)
    .where(and(eq(profiles.organizationId, organizationId), inArray(profiles.id, unique)));
  const allowed = new Set(
    rows.filter((r) => ['owner', 'admin', 'collaborator'].includes(r.role)).map((r) => r.id),
  );
  if (unique.some((id) => !allowed.has(id))) {
    throw new AppError('validation', { message: 'Only admins and collaborators can be added.' });
  }
  return unique;
}

/** updateHypothesis: title, summary, type, status, result, risky, members, tags, score, fields. */
export async function updateHypothesis(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data: UpdateHypothesisInput = parse(updateHypothesisSchema.safeParse(input));
  return updateCardWith(
    services,
    member,
    data.cardId,
    data.version,
    context,
    'update',
    async (unit, access) => {
      const { card } = access;
      const hypothesis = access.hypothesis;
      if (card.type !== 'hypothesis' || !hypothesis) throw new AppError('cardNotFound');
      const cardPatch: Partial<CardRow> = {};
      const patch: Partial<HypothesisRow> = {};
      if (data.title !== undefined) {
        const title = cleanTitle(data.title);
        const problem = titleProblem('hypothesis', title);
        if (problem && (!card.draft || title.length > 0)) {
          throw new AppError('cardTitleInvalid', { message: problem });
        }
        cardPatch.title = title;
      }
      if (data.tags !== undefined) cardPatch.tags = [...new Set(data.tags)];
      if (data.reviewed !== undefined) cardPatch.reviewed = data.reviewed;
      if (data.fields !== undefined) {
        const fields = projectFields(member.organization.globalFields, access.project.customFields);
        for (const [id, value] of Object.entries(data.fields)) {
          const field = fields.find((f) => f.id === id);
          const problem = field ? fieldValueProblem(field, value) : null;
          if (problem) throw new AppError('validation', { message: problem });
        }
        cardPatch.fields = cleanFieldValues(fields, { ...card.fields, ...data.fields });
      }
      if (data.summary !== undefined) patch.summary = data.summary;
      if (data.businessStatus !== undefined) patch.businessStatus = data.businessStatus;
      if (data.risky !== undefined) patch.risky = data.risky;
      if (data.importance !== undefined) patch.importance = data.importance;
      if (data.reviewRequested !== undefined) {
        if (!access.project.cohortId) {
          throw new AppError('validation', {
            message: 'Reviews are for cohort teams: this project is not in a cohort.',
          });
        }
        patch.reviewState = data.reviewRequested ? 'ready' : 'none';
        patch.reviewRequestedAt = data.reviewRequested ? new Date() : null;
      }
      if (data.result !== undefined || data.resultReason !== undefined) {
        patch.result = data.result ?? hypothesis.result;
        patch.resultReason =
          patch.result === 'none' ? null : (data.resultReason ?? hypothesis.resultReason);
        patch.resultUpdatedAt = new Date();
        patch.resultUpdatedBy = member.profileId;
      }
      if (data.members !== undefined) {
        patch.members = await checkMembers(unit.tx, member.organization.id, data.members);
        await recordAssignment(unit, member, card, hypothesis.members, patch.members);
      }
      if (data.productScore !== undefined) {
        patch.productScore = mergeProductScore(hypothesis.productScore, data.productScore);
      }
      if (data.hypothesisType !== undefined && data.hypothesisType !== hypothesis.hypothesisType) {
        const settings = access.project.settings;
        const allowed =
          data.hypothesisType === 'product'
            ? settings.productHypotheses
            : settings.businessHypotheses;
        if (allowed === false) throw new AppError('forbidden');
        patch.hypothesisType = data.hypothesisType;
        if (data.hypothesisType === 'product' && !hypothesis.timelineSection) {
          Object.assign(patch, await productPlacement(unit.tx, card.projectId, {}));
        }
      }
      return {
        card: cardPatch,
        hypothesis: patch,
        changes: { fields: Object.keys(data).filter((k) => k !== 'cardId' && k !== 'version') },
      };
    },
  );
}

/** updateText: one rich-text field, limited by its plain-text length. */
export async function updateText(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(updateTextSchema.safeParse(input));
  const access = await cardAccess(services, member, data.cardId);
  // Fields a card type does not have are ignored (part 2 §5).
  if (!(TEXT_FIELDS_BY_TYPE[access.card.type] ?? []).includes(data.field)) {
    return presentFullCard(services, member, access);
  }
  return updateCardWith(
    services,
    member,
    data.cardId,
    data.version,
    context,
    'text',
    async (unit) => {
      const mentions = data.mentions.length
        ? (await loadPeople(unit.tx, member.organization.id, data.mentions)).keys()
        : [];
      const row = {
        cardId: data.cardId,
        field: data.field,
        text: data.text,
        rawText: data.rawText,
        mentions: [...mentions],
        // A person's words now: a regeneration leaves them alone.
        generated: false,
        updatedAt: new Date(),
        updatedByProfileId: member.profileId,
      };
      await unit.tx
        .insert(cardTexts)
        .values(row)
        .onConflictDoUpdate({ target: [cardTexts.cardId, cardTexts.field], set: row });
      return { changes: { field: data.field, mentions: row.mentions } };
    },
  );
}

/** updateCardSection: a move to a section and rank on the canvas or a product board. */
export async function updateCardSection(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(updateCardSectionSchema.safeParse(input));
  return updateCardWith(
    services,
    member,
    data.cardId,
    data.version,
    context,
    'move',
    async (unit, access) => {
      if (!access.hypothesis) throw new AppError('cardNotFound');
      if (data.board === 'canvas') {
        if (!(CANVAS_SECTIONS as readonly string[]).includes(data.section)) {
          throw new AppError('validation', { message: 'That section does not exist.' });
        }
      } else {
        const { keys } = await boardSectionKeys(unit.tx, access.card.projectId, data.board);
        if (!keys.includes(data.section)) {
          throw new AppError('validation', { message: 'That section does not exist.' });
        }
      }
      const columns = BOARD_COLUMNS[data.board];
      return {
        hypothesis: { [columns.section]: data.section, [columns.rank]: data.rank },
        changes: {
          board: data.board,
          from: access.hypothesis[columns.section],
          to: data.section,
          rank: data.rank,
        },
      };
    },
  );
}

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
  await projectAccess(services, member, projectId);
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

/** Runs a card type's own change (post, interview, experiment) under the card's version. */
async function updateTypedWith(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
  change: (
    unit: UnitOfWork,
    access: CardAccess,
  ) => ReturnType<Parameters<typeof updateCardWith>[6]>,
) {
  const head = parse(updateCardHeadSchema.safeParse(input));
  return updateCardWith(services, member, head.cardId, head.version, context, 'update', change);
}

/** updatePost: a post's own fields, with its version. */
export const updatePost = (
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) =>
  updateTypedWith(services, member, input, context, async (_unit, access) =>
    postChange(input, access).apply(),
  );

/** updateExperiment: an experiment's own fields and its phase, with its version. */
export const updateExperiment = (
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) =>
  updateTypedWith(services, member, input, context, (unit, access) =>
    experimentChange(input, access, member, checkMembers).apply(unit),
  );

/** updateInterview: an interview's own fields and the people interviewed, with its version. */
export const updateInterview = (
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) =>
  updateTypedWith(services, member, input, context, (unit, access) =>
    interviewChange(input, access, member).apply(unit.tx),
  );
