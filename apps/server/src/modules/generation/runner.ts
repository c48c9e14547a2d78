/**
 * The generation job: takes a queued generation, moves it through its stages (each stage an
 * event on the project's channel, so the browser's progress bar moves), asks the provider, and
 * writes the result in one transaction with the success event. A failure is recorded with its
 * message and can be retried.
 */
import { and, eq, isNull } from 'drizzle-orm';
import {
  AppError,
  FILE_SUMMARY_MESSAGES,
  isAppError,
  organizationHasFeature,
  type Feature,
  type GeneratedHypothesis,
  type License,
  type Language,
} from '@assay/domain';
import { documentText } from '../../platform/ai/documents.ts';
import type { HypothesisBrief } from '../../platform/ai/provider.ts';
import type { AppServices } from '../../services.ts';
import { cards, hypotheses } from '../cards/schema.ts';
import { media } from '../media/schema.ts';
import { organizations } from '../organizations/schema.ts';
import { generations, type GenerationRow } from './schema.ts';
import { recordGenerationEvent } from './events.ts';
import { connectionSuggestionsRun, keyInsightsRun, readNewEvidenceRun } from './evidence-run.ts';
import { cardText, type Finish, type Run } from './run-context.ts';
import {
  dashboardPatch,
  insertGeneratedExperiment,
  insertGeneratedHypotheses,
  hypothesisTitles,
  loadProject,
  marketPatch,
  petalPatch,
  saveProjectPatch,
} from './writes.ts';

async function update(
  services: AppServices,
  row: GenerationRow,
  set: Partial<GenerationRow>,
  action: string,
) {
  return services.transaction(async (unit) => {
    const [next] = await unit.tx
      .update(generations)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(generations.id, row.id))
      .returning();
    if (!next) throw new Error('generation vanished');
    await recordGenerationEvent(unit, next, action, row.requestedByProfileId);
    return next;
  });
}

/** The organisation's context for the model: its global context and the chosen custom prompt. */
async function contextFor(services: AppServices, row: GenerationRow): Promise<string> {
  const [org] = await services.database.db
    .select()
    .from(organizations)
    .where(eq(organizations.id, row.organizationId));
  if (!org) return '';
  const has = (feature: Feature) =>
    organizationHasFeature(
      { license: org.license as License, slug: org.slug, generation: org.generation },
      feature,
      services.config.featureSlugs,
    );
  const parts: string[] = [];
  // The organisation's context (enterprise organizationContext) goes into every prompt.
  if (has('organizationContext') && org.globalContext?.context?.trim()) {
    parts.push(org.globalContext.context.trim());
  }
  const promptId = typeof row.input.promptId === 'string' ? row.input.promptId : null;
  // Custom agent prompts (enterprise): each enabled group's chosen or default prompt.
  const scope = org.promptSettings?.project;
  if (has('customAgentPrompts') && scope?.enabled) {
    for (const group of scope.groups ?? []) {
      if (!group.enabled) continue;
      const chosen =
        group.prompts.find((p) => p.id === promptId) ??
        (promptId ? undefined : group.prompts.find((p) => p.id === group.defaultKey));
      if (chosen) parts.push(chosen.prompt);
    }
  }
  return parts.join('\n\n');
}

async function hypothesisBrief(services: AppServices, run: Run): Promise<HypothesisBrief> {
  const cardId = run.row.cardId;
  if (!cardId) throw new AppError('cardNotFound');
  const [row] = await services.database.db
    .select({ title: cards.title, section: hypotheses.canvasSection })
    .from(cards)
    .innerJoin(hypotheses, eq(hypotheses.cardId, cards.id))
    .where(and(eq(cards.id, cardId), isNull(cards.deletedAt)));
  if (!row) throw new AppError('cardNotFound');
  return {
    title: row.title,
    section: row.section,
    description: await cardText(services, cardId, ['description']),
    project: run.brief,
  };
}

/** What each kind does: its stages, then the writes that land with the success event. */
const HANDLERS: Record<string, (services: AppServices, run: Run) => Promise<Finish>> = {
  keyInsights: keyInsightsRun,
  connectionSuggestions: connectionSuggestionsRun,
  readEvidence: readNewEvidenceRun,
  async project(services, run) {
    const parts = { projectData: 'processing', marketData: 'queued', petalDiagram: 'queued' };
    await run.stage(1, parts);
    const data = await services.ai.projectData(run.brief);
    await run.stage(2);
    await run.stage(3);
    parts.projectData = 'success';
    parts.marketData = 'processing';
    await run.stage(4, parts);
    const market = await services.ai.marketData(run.brief);
    parts.marketData = 'success';
    parts.petalDiagram = 'processing';
    await run.stage(5, parts);
    const petal = await services.ai.petalDiagram(run.brief);
    parts.petalDiagram = 'success';
    await run.stage(6, parts);
    return async (unit) => {
      const project = (await loadProject(unit.tx, run.project.id)) ?? run.project;
      const ids = await insertGeneratedHypotheses(unit, run.actor, data.value.hypotheses);
      const dashboard = dashboardPatch(project, data.value.dashboard);
      const marketSet = marketPatch({ ...project, ...dashboard.set }, market.value);
      const petalSet = petalPatch(project, petal.value);
      await saveProjectPatch(unit.tx, project.id, {
        ...dashboard.set,
        ...marketSet.set,
        ...petalSet.set,
      });
      const experimentIds: string[] = [];
      if (run.brief.experiments && ids.length) {
        const bySection = new Map<string, string>();
        data.value.hypotheses.forEach((h, i) => {
          if (ids[i] && !bySection.has(h.section)) bySection.set(h.section, ids[i]);
        });
        const targets = ['customerSegments', 'valuePropositions', 'revenueStreams'];
        for (const [i, experiment] of data.value.experiments.entries()) {
          const target = bySection.get(targets[i] ?? '') ?? ids[0]!;
          experimentIds.push(
            await insertGeneratedExperiment(unit, run.actor, experiment, [target]),
          );
        }
      }
      await unit.record({
        name: 'projects.generate',
        organizationId: run.actor.organizationId,
        projectId: project.id,
        actorId: run.actor.profileId,
        subjectType: 'project',
        subjectId: project.id,
        changes: {
          hypotheses: ids.length,
          experiments: experimentIds.length,
          kept: dashboard.kept,
        },
      });
      return {
        result: {
          hypotheses: ids,
          experiments: experimentIds,
          kept: [...dashboard.kept, ...marketSet.kept],
          fellBack: data.fellBack || market.fellBack || petal.fellBack,
          provider: data.provider,
        },
        parts,
      };
    };
  },

  async marketData(services, run) {
    await run.stage(1, { marketData: 'processing' });
    const market = await services.ai.marketData(run.brief);
    await run.stage(2);
    return async (unit) => {
      const project = (await loadProject(unit.tx, run.project.id)) ?? run.project;
      const patch = marketPatch(project, market.value);
      await saveProjectPatch(unit.tx, project.id, patch.set);
      return {
        result: { kept: patch.kept, fellBack: market.fellBack, provider: market.provider },
        parts: { marketData: 'success' },
      };
    };
  },

  async petalDiagram(services, run) {
    await run.stage(1, { petalDiagram: 'processing' });
    const petal = await services.ai.petalDiagram(run.brief);
    await run.stage(2);
    return async (unit) => {
      const project = (await loadProject(unit.tx, run.project.id)) ?? run.project;
      const patch = petalPatch(project, petal.value);
      await saveProjectPatch(unit.tx, project.id, patch.set);
      return {
        result: { kept: patch.kept, fellBack: petal.fellBack, provider: petal.provider },
        parts: { petalDiagram: 'success' },
      };
    };
  },

  async hypotheses(services, run) {
    await run.stage(1);
    const section = run.row.input.section as GeneratedHypothesis['section'];
    const existing = await hypothesisTitles(services.database.db, run.project.id);
    const answer = await services.ai.hypotheses(run.brief, section, existing);
    await run.stage(2);
    return async (unit) => {
      const ids = await insertGeneratedHypotheses(
        unit,
        run.actor,
        answer.value.hypotheses.map((h) => ({ ...h, section })),
      );
      return { result: { cardIds: ids, fellBack: answer.fellBack, provider: answer.provider } };
    };
  },

  async experiment(services, run) {
    await run.stage(1);
    const hypothesis = await hypothesisBrief(services, run);
    const answer = await services.ai.experiment(hypothesis);
    await run.stage(2);
    return async (unit) => {
      const id = await insertGeneratedExperiment(unit, run.actor, answer.value, [run.row.cardId!]);
      return { result: { cardId: id, fellBack: answer.fellBack, provider: answer.provider } };
    };
  },

  async interviewQuestions(services, run) {
    await run.stage(1);
    const answer = await services.ai.interviewQuestions(await hypothesisBrief(services, run));
    await run.stage(2);
    return () => Promise.resolve({ result: { ...answer.value, fellBack: answer.fellBack } });
  },

  async valuePropositionCanvas(services, run) {
    await run.stage(1);
    const answer = await services.ai.valuePropositionCanvas(await hypothesisBrief(services, run));
    await run.stage(2);
    return () => Promise.resolve({ result: { ...answer.value, fellBack: answer.fellBack } });
  },

  async fileSummary(services, run) {
    await run.stage(1);
    const mediaId = String(run.row.input.mediaId ?? '');
    const [file] = await services.database.db.select().from(media).where(eq(media.id, mediaId));
    const data = file ? await services.storage.read(file.path) : null;
    if (!file || !data)
      throw new AppError('validation', { message: 'The file is no longer there.' });
    const text = await documentText(data, file.filename);
    if (!text.trim()) throw new AppError('validation', { message: FILE_SUMMARY_MESSAGES.empty });
    const answer = await services.ai.fileSummary({
      name: file.filename,
      text,
      language: run.brief.language,
    });
    await run.stage(2);
    return async (unit) => {
      await unit.tx
        .update(media)
        .set({ summary: answer.value.summary, processing: false })
        .where(eq(media.id, mediaId));
      return { result: { mediaId, summary: answer.value.summary, fellBack: answer.fellBack } };
    };
  },
};

export async function runGeneration(services: AppServices, generationId: string): Promise<void> {
  const [row] = await services.database.db
    .select()
    .from(generations)
    .where(eq(generations.id, generationId));
  if (!row || row.status !== 'queued') return;
  const project = await loadProject(services.database.db, row.projectId);
  if (!project) return;
  let current = await update(
    services,
    row,
    { status: 'processing', startedAt: new Date(), stage: 0 },
    'processing',
  );
  const prompt = row.prompt?.trim() || project.description;
  const run: Run = {
    row: current,
    project,
    actor: {
      organizationId: row.organizationId,
      projectId: row.projectId,
      profileId: row.requestedByProfileId,
    },
    brief: {
      name: project.name,
      description: row.kind === 'keyInsights' ? project.description : prompt,
      language: (row.input.language as Language | undefined) ?? (project.language as Language),
      context: await contextFor(services, row),
      experiments: row.input.experiments === true,
    },
    stage: async (n, parts) => {
      current = await update(
        services,
        current,
        { stage: n, ...(parts ? { parts: { ...current.parts, ...parts } } : {}) },
        'progress',
      );
    },
  };
  try {
    const handler = HANDLERS[row.kind];
    if (!handler) throw new Error(`No generation handler for ${row.kind}`);
    const finish = await handler(services, run);
    await services.transaction(async (unit) => {
      const { result, parts } = await finish(unit);
      const fellBack = Boolean((result as { fellBack?: boolean } | null)?.fellBack);
      const [done] = await unit.tx
        .update(generations)
        .set({
          status: 'success',
          stage: current.totalStages,
          result,
          provider: services.ai.name,
          fellBack,
          endedAt: new Date(),
          updatedAt: new Date(),
          ...(parts ? { parts: { ...current.parts, ...parts } } : {}),
        })
        .where(eq(generations.id, row.id))
        .returning();
      if (done) await recordGenerationEvent(unit, done, 'success', row.requestedByProfileId);
    });
  } catch (error) {
    const message = isAppError(error)
      ? error.message
      : `The generation failed: ${(error as Error).message ?? 'unknown error'}`;
    services.logger.warn({ err: error, generationId }, 'generation failed');
    const failedParts = Object.fromEntries(
      Object.entries(current.parts).map(([k, v]) => [k, v === 'success' ? v : 'fail']),
    );
    if (row.kind === 'fileSummary' && typeof row.input.mediaId === 'string') {
      await services.database.db
        .update(media)
        .set({ processing: false })
        .where(eq(media.id, row.input.mediaId));
    }
    await update(
      services,
      current,
      { status: 'fail', error: message.slice(0, 1000), endedAt: new Date(), parts: failedParts },
      'fail',
    );
  }
}
