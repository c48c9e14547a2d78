/**
 * Experiments (part 2 §3, §4): creating a blank one, its own fields and phase moves under the
 * card's version, the experiment workspace (plan, test, analyze columns; complete apart) and the
 * experiments list. Phase rules are the domain's (`phaseChangeProblem`); phaseReady and timing are
 * derived on read from connections and dates, never stored.
 */
import { and, asc, eq, inArray, isNull, max, or, sql } from 'drizzle-orm';
import {
  AppError,
  canCreateCard,
  cardPath,
  cleanFieldValues,
  EXPERIMENT_MESSAGES,
  EXPERIMENT_PHASES,
  experimentListSchema,
  experimentTimingStatus,
  isPhaseReady,
  phaseChangeProblem,
  phaseDurations,
  projectFields,
  rankBetween,
  titleProblem,
  updateExperimentSchema,
  withoutConnectedCard,
  type ExperimentPhase,
} from '@assay/domain';
import { requireFeature, type MemberContext } from '../../http/member-context.ts';
import type { TypedCardPart } from './typed-card.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { UnitOfWork } from '../../platform/events/unit-of-work.ts';
import type { AppServices } from '../../services.ts';
import { parse } from '../../http/parse.ts';
import {
  loadPeople,
  workspaceAccess,
  type CardAccess,
  type Person,
  type ProjectAccess,
} from './access.ts';
import { cardAbilities } from './present.ts';
import {
  cards,
  cardTexts,
  connections,
  experiments,
  type CardRow,
  type ExperimentRow,
} from './schema.ts';

/** Experiments need the plan's feature and the project's module. */
export function requireExperiments(member: MemberContext, access: ProjectAccess) {
  requireFeature(member, 'experiments');
  // The project's own module, turned off: not a plan matter, so no feature named.
  if (access.project.settings.experiments === false) throw new AppError('featureUnavailable');
}

async function lastPhaseRank(executor: Executor, projectId: string, phase: ExperimentPhase) {
  const [row] = await executor
    .select({ rank: max(experiments.rank) })
    .from(experiments)
    .where(and(eq(experiments.projectId, projectId), eq(experiments.phase, phase)));
  return row?.rank ?? null;
}

/** createCard for a blank experiment: its experiment row, first in Plan (if the plan has experiments). */
export function experimentCardPart(member: MemberContext, access: ProjectAccess): TypedCardPart {
  requireExperiments(member, access);
  return {
    isEvidence: false,
    insert: async (tx, card) => {
      const rank = rankBetween(await lastPhaseRank(tx, card.projectId, 'plan'), null);
      await tx.insert(experiments).values({ cardId: card.id, projectId: card.projectId, rank });
    },
  };
}

export async function loadExperiment(executor: Executor, cardId: string) {
  const [row] = await executor.select().from(experiments).where(eq(experiments.cardId, cardId));
  return row ?? null;
}

/** The experiment part of a card's detail; phaseReady and timing follow from its evidence. */
export function presentExperiment(
  row: ExperimentRow,
  card: Pick<CardRow, 'publishedAt' | 'updatedAt'>,
  evidenceCount: number,
  people: Map<string, Person>,
  now = new Date(),
) {
  const phase = row.phase as ExperimentPhase;
  const durations = phaseDurations(row.durations, phase, row.phaseEnteredAt, now);
  return {
    experimentType: row.experimentType,
    phase: {
      phase,
      phaseReady: isPhaseReady(phase, evidenceCount),
      planDuration: durations.plan,
      testDuration: durations.test,
      analyzeDuration: durations.analyze,
      completeDuration: durations.complete,
      updatedAt: row.phaseEnteredAt.toISOString(),
      completedAt: row.completedAt?.toISOString() ?? null,
      rank: row.rank,
    },
    dueDate: row.dueDate?.toISOString() ?? null,
    timing: experimentTimingStatus({
      now,
      phase,
      dueDate: row.dueDate,
      publishedAt: card.publishedAt,
      evidenceCount,
      lastActivityAt: card.updatedAt,
    }),
    members: row.members.map((id) => people.get(id)).filter((p): p is Person => !!p),
    success: row.success,
    successCriteria: row.successCriteria,
    analyze: row.analyze,
    keyLearnings: row.keyLearnings,
  };
}

/** Ids of the cards connected to a card, by kind. */
async function connectedIds(executor: Executor, cardId: string) {
  const rows = await executor
    .select({ id: cards.id, type: cards.type })
    .from(connections)
    .innerJoin(
      cards,
      or(
        and(eq(connections.firstCardId, cardId), eq(cards.id, connections.secondCardId)),
        and(eq(connections.secondCardId, cardId), eq(cards.id, connections.firstCardId)),
      ),
    )
    .where(isNull(cards.deletedAt));
  return {
    evidence: new Set(
      rows.filter((r) => r.type !== 'hypothesis' && r.type !== 'experiment').map((r) => r.id),
    ),
    hypothesis: new Set(rows.filter((r) => r.type === 'hypothesis').map((r) => r.id)),
  };
}

async function textOf(executor: Executor, cardId: string, fields: string[]) {
  const rows = await executor
    .select({ field: cardTexts.field, rawText: cardTexts.rawText })
    .from(cardTexts)
    .where(and(eq(cardTexts.cardId, cardId), inArray(cardTexts.field, fields)));
  return Object.fromEntries(rows.map((r) => [r.field, r.rawText])) as Record<string, string>;
}

/** Records who was newly named on a card, for their assignment notifications. */
export async function recordAssignment(
  unit: UnitOfWork,
  member: MemberContext,
  card: Pick<CardRow, 'id' | 'projectId' | 'title'>,
  before: string[],
  after: string[],
) {
  const added = after.filter((id) => !before.includes(id));
  if (added.length === 0) return;
  await unit.record({
    name: 'assignments.create',
    organizationId: member.organization.id,
    projectId: card.projectId,
    actorId: member.profileId,
    subjectType: 'card',
    subjectId: card.id,
    changes: { profiles: added, title: card.title.slice(0, 200) },
  });
}

/**
 * updateExperiment's change: type, due date, members, success, criteria, analysis, key learnings,
 * and the phase (with its rules) or the place in the phase column.
 */
export function experimentChange(
  input: unknown,
  access: CardAccess,
  member: MemberContext,
  checkMembers: (executor: Executor, organizationId: string, ids: string[]) => Promise<string[]>,
) {
  const data = parse(updateExperimentSchema.safeParse(input));
  return {
    async apply(unit: UnitOfWork) {
      const tx = unit.tx;
      const { card } = access;
      if (card.type !== 'experiment') throw new AppError('cardNotFound');
      const row = await loadExperiment(tx, card.id);
      if (!row) throw new AppError('cardNotFound');
      const cardPatch: Partial<CardRow> = {};
      const patch: Partial<ExperimentRow> = {};
      if (data.title !== undefined) {
        const title = data.title.replace(/\s+/g, ' ').trim();
        const problem = titleProblem('experiment', title);
        if (problem && !card.draft) throw new AppError('cardTitleInvalid', { message: problem });
        cardPatch.title = title;
      }
      if (data.tags !== undefined) cardPatch.tags = [...new Set(data.tags)];
      if (data.fields !== undefined) {
        const fields = projectFields(member.organization.globalFields, access.project.customFields);
        cardPatch.fields = cleanFieldValues(fields, { ...card.fields, ...data.fields });
      }
      if (data.experimentType !== undefined) patch.experimentType = data.experimentType;
      if (data.dueDate !== undefined) patch.dueDate = data.dueDate ? new Date(data.dueDate) : null;
      if (data.members !== undefined) {
        patch.members = await checkMembers(tx, member.organization.id, data.members);
        await recordAssignment(unit, member, card, row.members, patch.members);
      }
      if (data.success !== undefined) patch.success = data.success;
      if (data.keyLearnings !== undefined) patch.keyLearnings = data.keyLearnings.trim();
      if (data.successCriteria !== undefined || data.analyze !== undefined) {
        const linked = await connectedIds(tx, card.id);
        if (data.successCriteria !== undefined) {
          if (data.successCriteria.some((c) => c.evidence.some((id) => !linked.evidence.has(id))))
            throw new AppError('validation', { message: EXPERIMENT_MESSAGES.evidenceNotConnected });
          patch.successCriteria = data.successCriteria.map((c) => ({
            ...c,
            evidence: [...new Set(c.evidence)],
          }));
        }
        if (data.analyze !== undefined) {
          if (data.analyze.hypothesis.some((h) => !linked.hypothesis.has(h.id)))
            throw new AppError('validation', {
              message: EXPERIMENT_MESSAGES.hypothesisNotConnected,
            });
          patch.analyze = data.analyze;
        }
      }
      const current = row.phase as ExperimentPhase;
      if (data.phase !== undefined && data.phase !== current) {
        const texts = await textOf(tx, card.id, ['statement', 'description']);
        const problem = phaseChangeProblem(
          {
            phase: current,
            draft: card.draft,
            statement: texts.statement,
            planDetails: texts.description,
          },
          data.phase,
        );
        if (problem) throw new AppError('validation', { message: problem });
        const now = new Date();
        const spent = phaseDurations(row.durations, current, row.phaseEnteredAt, now);
        patch.phase = data.phase;
        patch.durations = spent;
        patch.phaseEnteredAt = now;
        patch.completedAt = data.phase === 'complete' ? now : null;
        patch.rank =
          data.rank ?? rankBetween(await lastPhaseRank(tx, card.projectId, data.phase), null);
        // The experiment's people hear of the move (notifications).
        await unit.record({
          name: 'experiments.phase',
          organizationId: member.organization.id,
          projectId: card.projectId,
          actorId: member.profileId,
          subjectType: 'card',
          subjectId: card.id,
          changes: {
            phase: data.phase,
            from: current,
            title: card.title.slice(0, 200),
            notify: [
              ...new Set([card.createdByProfileId, ...(patch.members ?? row.members)]),
            ].filter((id): id is string => !!id),
          },
        });
      } else if (data.rank !== undefined) {
        patch.rank = data.rank;
      }
      return {
        card: cardPatch,
        experiment: patch,
        changes: {
          fields: Object.keys(data).filter((k) => k !== 'cardId' && k !== 'version'),
          ...(patch.phase ? { phase: patch.phase, from: current } : {}),
        },
      };
    },
  };
}

/**
 * After a disconnection: an experiment on either side drops the other card from its success
 * criteria and analysis (part 2 §4). Answers the experiment card ids that changed.
 */
export async function cleanExperimentsAfterDisconnect(
  tx: Executor,
  pair: [string, string],
): Promise<string[]> {
  const rows = await tx.select().from(experiments).where(inArray(experiments.cardId, pair));
  const changed: string[] = [];
  for (const row of rows) {
    const other = row.cardId === pair[0] ? pair[1] : pair[0];
    const next = withoutConnectedCard(row.successCriteria, row.analyze, other);
    if (
      JSON.stringify(next) ===
      JSON.stringify({ successCriteria: row.successCriteria, analyze: row.analyze })
    )
      continue;
    await tx.update(experiments).set(next).where(eq(experiments.cardId, row.cardId));
    await tx
      .update(cards)
      .set({ version: sql`${cards.version} + 1`, updatedAt: new Date() })
      .where(eq(cards.id, row.cardId));
    changed.push(row.cardId);
  }
  return changed;
}

/** Evidence and hypothesis counts per experiment card, each side of the pair read by its index. */
async function connectionCounts(executor: Executor, cardIds: string[]) {
  const counts = new Map<string, { evidence: number; hypothesis: number }>();
  if (cardIds.length === 0) return counts;
  const ids = sql`array[${sql.join(
    cardIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;
  const result = await executor.execute(sql`
    select x.card_id,
      count(*) filter (where c.type = 'hypothesis') as hypothesis,
      count(*) filter (where c.type not in ('hypothesis', 'experiment')) as evidence
    from (
      select first_card_id as card_id, second_card_id as other from connections
        where first_card_id = any(${ids})
      union all
      select second_card_id, first_card_id from connections where second_card_id = any(${ids})
    ) x
    join cards c on c.id = x.other and c.deleted_at is null
    group by x.card_id`);
  const rows = (
    result as unknown as {
      rows: { card_id: string; hypothesis: string | number; evidence: string | number }[];
    }
  ).rows;
  for (const r of rows)
    counts.set(r.card_id, { evidence: Number(r.evidence), hypothesis: Number(r.hypothesis) });
  return counts;
}

/** The light experiment cards of a project the member may see (drafts only their own). */
export async function projectExperiments(
  services: AppServices,
  member: MemberContext,
  access: ProjectAccess,
  options: { phases?: ExperimentPhase[]; search?: string; mine?: boolean } = {},
) {
  const executor = services.database.db;
  const conditions = [
    eq(cards.projectId, access.project.id),
    eq(cards.organizationId, member.organization.id),
    eq(cards.type, 'experiment'),
    isNull(cards.deletedAt),
    eq(cards.template, false),
    or(eq(cards.draft, false), eq(cards.createdByProfileId, member.profileId)),
  ];
  if (options.phases?.length) conditions.push(inArray(experiments.phase, options.phases));
  if (options.mine) conditions.push(eq(cards.createdByProfileId, member.profileId));
  if (options.search?.trim()) {
    conditions.push(
      sql`${cards.title} ilike ${'%' + options.search.trim().replace(/[\\%_]/g, '\\$&') + '%'}`,
    );
  }
  const rows = await executor
    .select({ card: cards, experiment: experiments })
    .from(cards)
    .innerJoin(experiments, eq(experiments.cardId, cards.id))
    .where(and(...conditions))
    .orderBy(asc(experiments.rank));
  const counts = await connectionCounts(
    executor,
    rows.map((r) => r.card.id),
  );
  const people = await loadPeople(
    executor,
    member.organization.id,
    rows.flatMap((r) => r.experiment.members),
  );
  const now = new Date();
  return rows.map(({ card, experiment }) => {
    const count = counts.get(card.id) ?? { evidence: 0, hypothesis: 0 };
    const detail = presentExperiment(experiment, card, count.evidence, people, now);
    return {
      id: card.id,
      projectId: card.projectId,
      title: card.title,
      draft: card.draft,
      tags: card.tags,
      publishedAt: card.publishedAt?.toISOString() ?? null,
      updatedAt: card.updatedAt.toISOString(),
      version: card.version,
      path: cardPath({ id: card.id, type: card.type }),
      experimentType: detail.experimentType,
      phase: detail.phase,
      dueDate: detail.dueDate,
      timing: detail.timing,
      members: detail.members,
      success: detail.success,
      evidenceCount: count.evidence,
      hypothesisCount: count.hypothesis,
      canEdit: cardAbilities(card, access.scope, member.profileId).edit,
    };
  });
}

function presentWorkspaceProject(access: ProjectAccess, member: MemberContext) {
  return {
    id: access.project.id,
    name: access.project.name,
    abilities: { createExperiments: canCreateCard(access.scope, 'experiment') },
    license: member.organization.license,
  };
}

/** The experiment workspace: plan, test and analyze columns, and complete as the fourth phase. */
export async function experimentWorkspace(
  services: AppServices,
  member: MemberContext,
  projectId: string,
) {
  const access = await workspaceAccess(services, member, projectId);
  requireExperiments(member, access);
  const list = await projectExperiments(services, member, access);
  return {
    project: presentWorkspaceProject(access, member),
    columns: EXPERIMENT_PHASES.map((phase) => ({
      phase,
      cards: list.filter((c) => c.phase.phase === phase),
    })),
  };
}

/** The experiments list: filtered by phase, title or "mine", soonest due first. */
export async function listExperiments(
  services: AppServices,
  member: MemberContext,
  input: unknown,
) {
  const data = parse(experimentListSchema.safeParse(input));
  const access = await workspaceAccess(services, member, data.projectId);
  requireExperiments(member, access);
  const list = await projectExperiments(services, member, access, data);
  const due = (c: (typeof list)[number]) => (c.dueDate ? Date.parse(c.dueDate) : Infinity);
  return list.sort((a, b) => due(a) - due(b) || a.title.localeCompare(b.title));
}
