/** Creating a card (part 2 §2, §7): where it goes on the canvas or a product board, and the card itself in one statement. */
import { and, asc, eq, max, sql } from 'drizzle-orm';
import {
  AppError,
  BOARD_TYPES,
  CANVAS_SECTIONS,
  canCreateCard,
  createCardSchema,
  rankBetween,
  titleProblem,
  type BoardName,
  type BoardType,
  type CreateCardInput,
} from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { AppServices } from '../../services.ts';
import { parse } from '../../http/parse.ts';
import { boardSections } from './schema.ts';
import { cardAccess, workspaceAccess, type CardAccess, type ProjectAccess } from './access.ts';
import { insertBusinessCard } from './create-statement.ts';
import type { TypedCardPart } from './typed-card.ts';
import { experimentCardPart } from './experiments.ts';
import { evidenceCardPart, isEvidenceCard } from './evidence.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { type CardTextRow } from './present.ts';
import { cards, cardTexts, hypotheses, type HypothesisRow } from './schema.ts';
import { loadTexts, presentFullCard } from './full-card.ts';
import { recordCardEvent } from './card-events.ts';
import { BOARD_COLUMNS, cleanTitle } from './fields.ts';

/** The last rank in a section of a board, to append after. */
export async function lastRank(
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

/**
 * The rank at the end of a canvas section, read under the project's row lock (migration 0050), so
 * two cards created at once in one section do not get the same rank.
 */
export async function appendCanvasRank(
  executor: Executor,
  projectId: string,
  section: string,
): Promise<string> {
  const result = await executor.execute(
    sql`select assay_append_canvas_rank(${projectId}, ${section}) as rank`,
  );
  const [row] = (result as unknown as { rows: { rank: string }[] }).rows;
  if (!row) throw new Error('no rank');
  return row.rank;
}

export async function boardSectionKeys(
  executor: Executor,
  projectId: string,
  sectionType: BoardType,
) {
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
  const access = await workspaceAccess(services, member, data.projectId);
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
    const rank = (data.board ?? 'canvas') === 'canvas' && data.rank ? data.rank : null;
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
          : await appendCanvasRank(unit.tx, data.projectId, canvasSection);
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
