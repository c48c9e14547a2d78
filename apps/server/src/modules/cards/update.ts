/** Updating a card (part 2 §2, §7): its fields, texts and section, each write checked against the version the editor saw. */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  AppError,
  CANVAS_SECTIONS,
  cleanFieldValues,
  fieldValueProblem,
  mergeProductScore,
  projectFields,
  titleProblem,
  updateCardHeadSchema,
  updateCardSectionSchema,
  updateHypothesisSchema,
  updateTextSchema,
  type UpdateHypothesisInput,
} from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { UnitOfWork } from '../../platform/events/unit-of-work.ts';
import type { AppServices } from '../../services.ts';
import { profiles } from '../organizations/schema.ts';
import { parse } from '../../http/parse.ts';
import { cardAccess, loadPeople, type CardAccess } from './access.ts';
import { ensureBaseline } from './history.ts';
import { experimentChange, recordAssignment } from './experiments.ts';
import { interviewChange, postChange } from './evidence.ts';
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
import { recordCardEvent } from './card-events.ts';
import { presentCardAbilities, presentFullCard } from './full-card.ts';
import { boardSectionKeys, productPlacement } from './create.ts';
import { BOARD_COLUMNS, TEXT_FIELDS_BY_TYPE, cleanTitle } from './fields.ts';

/**
 * Runs an update of a card the member may edit, refusing a stale version: the card row moves to
 * the next version in the same transaction as the change and its event.
 */
export async function updateCardWith(
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
