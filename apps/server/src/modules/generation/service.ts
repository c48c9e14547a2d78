/**
 * Generations (part 2 §3): who may start one, the organisation's allowance, the queue, the
 * status a browser sees and the events that carry progress to it (project channel).
 */
import { and, count, desc, eq, gte, inArray, isNull, min, sql } from 'drizzle-orm';
import {
  AppError,
  GENERATION_KINDS,
  GENERATION_PERIOD_DAYS,
  GENERATION_STAGE_LABELS,
  countsAgainstAllowance,
  generationLimits,
  generationProblem,
  isGenerationRunning,
  type Feature,
  type GenerationKind,
  type GenerationLimits,
  type GenerationState,
  type GenerationStatus,
  type License,
} from '@assay/domain';
import {
  memberHasFeature,
  requireFeature,
  type MemberContext,
  type RequestContext,
} from '../../http/member-context.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { UnitOfWork } from '../../platform/events/unit-of-work.ts';
import type { AppServices } from '../../services.ts';
import type { OrganizationRow } from '../organizations/schema.ts';
import { assertPaid } from '../projects/ports.ts';
import { recordGenerationEvent } from './events.ts';
import { runGeneration } from './runner.ts';
import { generations, type GenerationRow } from './schema.ts';

export const GENERATION_QUEUE = 'ai.generate';

export function presentGeneration(row: GenerationRow): GenerationState {
  const kind = row.kind as GenerationKind;
  const labels = GENERATION_STAGE_LABELS[kind] ?? [];
  return {
    id: row.id,
    kind,
    status: row.status as GenerationStatus,
    stage: row.stage,
    totalStages: row.totalStages,
    stageLabel: row.stage > 0 ? (labels[row.stage - 1] ?? null) : null,
    prompt: row.prompt,
    error: row.error,
    provider: row.provider,
    fellBack: row.fellBack,
    queued: row.queuedAt?.toISOString() ?? null,
    startedAt: row.startedAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    modifiedByUser: row.modifiedByUser,
  };
}

/** The AI agent needs the plan's allowance and the organisation's generation flag (glidrai). */
export function requireAgent(member: MemberContext, feature: Feature = 'glidrai') {
  if (!memberHasFeature(member, 'glidrai')) throw new AppError('generationNotAllowed');
  // The agent is what an AI plan sells: not before checkout (#48 item 1).
  assertPaid(member);
  if (feature !== 'glidrai') requireFeature(member, feature);
}

export interface GenerationSubject {
  projectId: string;
  cardId?: string | null;
  /** A file summary's file: each file is its own subject. */
  mediaId?: string | null;
  kind: GenerationKind;
}

function subjectConditions(subject: GenerationSubject) {
  return and(
    eq(generations.projectId, subject.projectId),
    eq(generations.kind, subject.kind),
    subject.cardId ? eq(generations.cardId, subject.cardId) : isNull(generations.cardId),
    subject.mediaId ? sql`${generations.input}->>'mediaId' = ${subject.mediaId}` : undefined,
  );
}

/** The organisation's allowance, count and period, and the wait before this subject may run again. */
export async function limitsFor(
  executor: Executor,
  organization: Pick<OrganizationRow, 'id' | 'license'>,
  subject: GenerationSubject | null,
  now = new Date(),
): Promise<GenerationLimits> {
  const counted = GENERATION_KINDS.filter(countsAgainstAllowance);
  const periodMs = GENERATION_PERIOD_DAYS * 86_400_000;
  const [first] = await executor
    .select({ at: min(generations.createdAt) })
    .from(generations)
    .where(
      and(eq(generations.organizationId, organization.id), inArray(generations.kind, counted)),
    );
  const firstAt = first?.at ? new Date(first.at) : null;
  const periodStart = firstAt
    ? new Date(
        firstAt.getTime() + Math.floor((now.getTime() - firstAt.getTime()) / periodMs) * periodMs,
      )
    : null;
  let used = 0;
  if (periodStart) {
    const [row] = await executor
      .select({ n: count() })
      .from(generations)
      .where(
        and(
          eq(generations.organizationId, organization.id),
          inArray(generations.kind, counted),
          gte(generations.createdAt, periodStart),
        ),
      );
    used = Number(row?.n ?? 0);
  }
  let last: Date | null = null;
  if (subject) {
    const [row] = await executor
      .select({ at: generations.createdAt })
      .from(generations)
      .where(subjectConditions(subject))
      .orderBy(desc(generations.createdAt))
      .limit(1);
    last = row?.at ?? null;
  }
  return generationLimits({
    license: organization.license as License,
    periodStart,
    count: used,
    lastForSubject: last,
    now,
  });
}

/** The latest generation of a subject (a project's kind, or a card's completion). */
export async function latestGeneration(executor: Executor, subject: GenerationSubject) {
  const [row] = await executor
    .select()
    .from(generations)
    .where(subjectConditions(subject))
    .orderBy(desc(generations.createdAt))
    .limit(1);
  return row ?? null;
}

/** Hands the generation to the queue, or runs it in the background when there is no queue. */
export async function enqueueGeneration(services: AppServices, id: string) {
  if (services.jobs) {
    await services.jobs.send(GENERATION_QUEUE, { generationId: id }, { retryLimit: 0 });
    return;
  }
  setImmediate(() => {
    void runGeneration(services, id).catch((error: unknown) =>
      services.logger.error({ err: error }, 'generation failed'),
    );
  });
}

export interface StartGeneration extends GenerationSubject {
  prompt?: string | null;
  input?: Record<string, unknown>;
  parts?: Record<string, string>;
}

/**
 * Starts a generation: refuses a second one while the first runs, checks the allowance and the
 * wait, records the queued row and its event in one transaction, then queues the job.
 */
export async function startGeneration(
  services: AppServices,
  member: MemberContext,
  start: StartGeneration,
  context: RequestContext | undefined,
  inTransaction?: (unit: UnitOfWork, row: GenerationRow) => Promise<void>,
): Promise<GenerationState> {
  const running = await latestGeneration(services.database.db, start);
  if (running && isGenerationRunning(running.status as GenerationStatus)) {
    throw new AppError('generationBusy');
  }
  const problem = generationProblem(
    await limitsFor(services.database.db, member.organization, start),
    start.kind,
  );
  if (problem) throw new AppError(problem);
  const row = await services.transaction(
    async (unit) => {
      const [created] = await unit.tx
        .insert(generations)
        .values({
          organizationId: member.organization.id,
          projectId: start.projectId,
          cardId: start.cardId ?? null,
          kind: start.kind,
          status: 'queued',
          totalStages: GENERATION_STAGE_LABELS[start.kind].length,
          prompt: start.prompt ?? null,
          input: start.input ?? {},
          parts: start.parts ?? {},
          requestedByProfileId: member.profileId,
          queuedAt: new Date(),
        })
        .returning();
      if (!created) throw new Error('generation insert returned no row');
      await recordGenerationEvent(unit, created, 'queued', member.profileId);
      if (inTransaction) await inTransaction(unit, created);
      return created;
    },
    context ? { context } : {},
  );
  await enqueueGeneration(services, row.id);
  return presentGeneration(row);
}

/** A failed generation runs again (same row: it does not count twice). */
export async function retryGeneration(
  services: AppServices,
  member: MemberContext,
  generationId: string,
  context: RequestContext,
  check: (row: GenerationRow) => Promise<void>,
): Promise<GenerationState> {
  const row = await ownGeneration(services, member, generationId);
  await check(row);
  if (row.status !== 'fail') throw new AppError('generationNotRetryable');
  const updated = await services.transaction(
    async (unit) => {
      const [next] = await unit.tx
        .update(generations)
        .set({
          status: 'queued',
          stage: 0,
          error: null,
          queuedAt: new Date(),
          startedAt: null,
          endedAt: null,
          parts: Object.fromEntries(Object.keys(row.parts).map((k) => [k, 'queued'])),
          updatedAt: new Date(),
        })
        .where(and(eq(generations.id, row.id), eq(generations.status, 'fail')))
        .returning();
      if (!next) throw new AppError('generationNotRetryable');
      await recordGenerationEvent(unit, next, 'queued', member.profileId);
      return next;
    },
    { context },
  );
  await enqueueGeneration(services, updated.id);
  return presentGeneration(updated);
}

/** A generation of the member's organisation (its project is checked by the caller). */
export async function ownGeneration(
  services: AppServices,
  member: MemberContext,
  generationId: string,
): Promise<GenerationRow> {
  const [row] = await services.database.db
    .select()
    .from(generations)
    .where(
      and(eq(generations.id, generationId), eq(generations.organizationId, member.organization.id)),
    );
  if (!row) throw new AppError('notFound');
  return row;
}
