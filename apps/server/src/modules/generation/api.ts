/**
 * The AI agent's use cases (part 2 §3, §7): project generation (at creation or later,
 * generateProjectData), market and petal regeneration, card completions (interview questions,
 * key insights, value proposition canvas), AI pickers (hypotheses, an experiment, evidence from
 * notes), connection suggestions to accept or dismiss, retries, limits, and the assistant.
 */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  AppError,
  CARD_COMPLETIONS,
  canCreateCard,
  cardPath,
  cardCompletionSchema,
  createProjectSchema,
  generateEvidenceSchema,
  generateExperimentSchema,
  generateHypothesesSchema,
  generateProjectDataSchema,
  generationProblem,
  isEvidenceType,
  isSummarizable,
  isUuid,
  FILE_SUMMARY_MESSAGES,
  isGenerationRunning,
  type GenerationState,
  type GenerationStatus,
} from '@assay/domain';
import { z } from 'zod';
import {
  memberHasFeature,
  type MemberContext,
  type RequestContext,
} from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import {
  cardAccess,
  mayEditCard,
  projectAccess,
  type CardAccess,
  type ProjectAccess,
} from '../cards/access.ts';
import { connectCards } from '../cards/connections.ts';
import { requireExperiments } from '../cards/experiments.ts';
import { cards, cardTexts } from '../cards/schema.ts';
import { media } from '../media/schema.ts';
import { createCard, updateText } from '../cards/service.ts';
import { createProject, findVisibleProject } from '../projects/service.ts';
import { parse } from '../../http/parse.ts';
import type { ProjectRow } from '../projects/schema.ts';
import { connectionSuggestions, generations, type GenerationRow } from './schema.ts';
import {
  latestGeneration,
  limitsFor,
  ownGeneration,
  presentGeneration,
  requireAgent,
  retryGeneration as retry,
  startGeneration,
} from './service.ts';
import { plainToHtml } from './writes.ts';

function mayWriteCards(access: ProjectAccess) {
  if (!canCreateCard(access.scope, 'hypothesis')) throw new AppError('forbidden');
}

function requireEditable(access: CardAccess, member: MemberContext) {
  if (!mayEditCard(access, member.profileId)) throw new AppError('forbidden');
}

function experimentsOn(member: MemberContext, project: ProjectRow) {
  return memberHasFeature(member, 'experiments') && project.settings.experiments !== false;
}

/** Before a project is created with generation: the agent is allowed, there is a description, the allowance is not used. */
export async function checkProjectGeneration(
  services: AppServices,
  member: MemberContext,
  description: string,
) {
  requireAgent(member);
  if (!description.trim()) throw new AppError('generationNeedsDescription');
  const problem = generationProblem(
    await limitsFor(services.database.db, member.organization, null),
    'project',
  );
  if (problem && problem !== 'generationTooSoon') throw new AppError(problem);
}

/**
 * createProject (name, description, language, generate, experiments, membership): with generate,
 * the agent's preconditions are checked first, then the project is created and its generation
 * queued; the browser goes to the canvas and watches the stages.
 */
export async function createProjectWithAgent(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const wanted = createProjectSchema.safeParse(input);
  const generate = wanted.success && wanted.data.generate;
  if (generate) await checkProjectGeneration(services, member, wanted.data.description);
  const project = await createProject(services, member, input, context);
  if (generate) {
    const { project: row } = await findVisibleProject(services, member, project.id);
    await startProjectGeneration(services, member, row, wanted.data.description, context);
  }
  return project;
}

/** Starts a project's generation (projectData, marketData and petalDiagram). */
export async function startProjectGeneration(
  services: AppServices,
  member: MemberContext,
  project: ProjectRow,
  prompt: string,
  context: RequestContext | undefined,
  promptId?: string,
) {
  return startGeneration(
    services,
    member,
    {
      projectId: project.id,
      kind: 'project',
      prompt,
      input: {
        language: project.language,
        experiments: experimentsOn(member, project),
        ...(promptId && memberHasFeature(member, 'customAgentPrompts') ? { promptId } : {}),
      },
      parts: { projectData: 'queued', marketData: 'queued', petalDiagram: 'queued' },
    },
    context,
  );
}

/** generateProjectData(projectId, prompt): the agent drafts the project from its description. */
export async function generateProjectData(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(
    generateProjectDataSchema.extend({ promptId: z.string().max(64).optional() }).safeParse(input),
  );
  requireAgent(member);
  const access = await projectAccess(services, member, data.projectId);
  mayWriteCards(access);
  const prompt = (data.prompt ?? '').trim() || access.project.description.trim();
  if (!prompt) throw new AppError('generationNeedsDescription');
  await startProjectGeneration(services, member, access.project, prompt, context, data.promptId);
  return projectGeneration(services, member, data.projectId);
}

/** regenerateMarketData(projectId) (enterprise regenerateMarket) and the petal diagram's regeneration. */
export async function regenerateProjectPart(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  kind: 'marketData' | 'petalDiagram',
  context: RequestContext,
) {
  requireAgent(member, kind === 'marketData' ? 'regenerateMarket' : 'glidrai');
  const access = await projectAccess(services, member, projectId);
  mayWriteCards(access);
  const description = access.project.description.trim();
  if (!description) throw new AppError('generationNeedsDescription');
  const whole = await latestGeneration(services.database.db, { projectId, kind: 'project' });
  if (whole && isGenerationRunning(whole.status as GenerationStatus))
    throw new AppError('generationBusy');
  await startGeneration(
    services,
    member,
    {
      projectId,
      kind,
      prompt: description,
      input: { language: access.project.language },
      parts: { [kind]: 'queued' },
    },
    context,
  );
  return projectGeneration(services, member, projectId);
}

/** Whether a person has changed what the project's generation wrote. */
function projectModified(project: ProjectRow) {
  const d = project.generated.dashboard ?? {};
  const dashboardChanged = (
    ['whoFor', 'problemStatement', 'solutionStatement', 'whyNot', 'whyNow'] as const
  ).some(
    (k) =>
      d[k] !== undefined &&
      (project.dashboard[k] ?? '').trim() !== '' &&
      project.dashboard[k]!.trim() !== d[k]!.trim(),
  );
  const m = project.generated.market ?? {};
  const marketChanged = (['notes', 'analysis'] as const).some(
    (k) =>
      m[k] !== undefined &&
      project.market[k].trim() !== '' &&
      project.market[k].trim() !== m[k]!.trim(),
  );
  const petalChanged = project.petal.categories.some((c) => !c.generated);
  return { dashboard: dashboardChanged, market: marketChanged, petal: petalChanged };
}

/** The project's generation status with its sub-generations, and the organisation's limits. */
export async function projectGeneration(
  services: AppServices,
  member: MemberContext,
  projectId: string,
) {
  const access = await projectAccess(services, member, projectId);
  const db = services.database.db;
  const [whole, market, petal, limits] = await Promise.all([
    latestGeneration(db, { projectId, kind: 'project' }),
    latestGeneration(db, { projectId, kind: 'marketData' }),
    latestGeneration(db, { projectId, kind: 'petalDiagram' }),
    limitsFor(db, member.organization, { projectId, kind: 'project' }),
  ]);
  const modified = projectModified(access.project);
  const later = (a: GenerationRow | null, b: GenerationRow | null) =>
    a && (!b || a.createdAt > b.createdAt) ? a : b;
  const part = (name: 'projectData' | 'marketData' | 'petalDiagram', own: GenerationRow | null) => {
    const source = later(own, whole);
    if (!source) return null;
    const status = source === whole ? (whole.parts[name] ?? whole.status) : source.status;
    return { ...presentGeneration(source), status: status as GenerationStatus };
  };
  return {
    projectId,
    generation: whole
      ? {
          ...presentGeneration(whole),
          modifiedByUser: modified.dashboard || modified.market || modified.petal,
        }
      : null,
    projectData: part('projectData', null),
    marketData:
      market || whole ? { ...part('marketData', market)!, modifiedByUser: modified.market } : null,
    petalDiagram:
      petal || whole ? { ...part('petalDiagram', petal)!, modifiedByUser: modified.petal } : null,
    limits,
    abilities: {
      generate: memberHasFeature(member, 'glidrai') && canCreateCard(access.scope, 'hypothesis'),
      regenerateMarket:
        memberHasFeature(member, 'glidrai') && memberHasFeature(member, 'regenerateMarket'),
      customPrompts: memberHasFeature(member, 'customAgentPrompts'),
    },
  };
}

/** The organisation's generation allowance, count, period end and the AI options it has. */
export async function organizationGenerationLimits(services: AppServices, member: MemberContext) {
  return {
    ...(await limitsFor(services.database.db, member.organization, null)),
    enabled: memberHasFeature(member, 'glidrai'),
    provider: services.ai.name,
  };
}

const COMPLETION_TYPES: Record<(typeof CARD_COMPLETIONS)[number], (type: string) => boolean> = {
  interviewQuestions: (type) => type === 'hypothesis',
  valuePropositionCanvas: (type) => type === 'hypothesis',
  keyInsights: (type) => isEvidenceType(type) || type === 'interview',
  connectionSuggestions: (type) => isEvidenceType(type) || type === 'interview',
};

/** A card's completion: interview questions, key insights or a value proposition canvas. */
export async function generateCardCompletion(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(cardCompletionSchema.safeParse(input));
  requireAgent(member);
  const access = await cardAccess(services, member, data.cardId);
  requireEditable(access, member);
  if (!COMPLETION_TYPES[data.completion](access.card.type)) {
    throw new AppError('validation', { message: 'This card cannot have that completion.' });
  }
  await startGeneration(
    services,
    member,
    {
      projectId: access.card.projectId,
      cardId: access.card.id,
      kind: data.completion,
      input: { language: access.project.language },
    },
    context,
  );
  return cardGeneration(services, member, data.cardId);
}

/** suggestConnections(cardId): lexical suggestions between this evidence and the hypotheses. */
export async function suggestConnections(
  services: AppServices,
  member: MemberContext,
  cardId: string,
  context: RequestContext,
) {
  requireAgent(member);
  const access = await cardAccess(services, member, cardId);
  requireEditable(access, member);
  if (!COMPLETION_TYPES.connectionSuggestions(access.card.type)) {
    throw new AppError('validation', { message: 'Suggestions are made for evidence cards.' });
  }
  await startGeneration(
    services,
    member,
    {
      projectId: access.card.projectId,
      cardId,
      kind: 'connectionSuggestions',
      input: { language: access.project.language },
    },
    context,
  );
  return cardGeneration(services, member, cardId);
}

/** The card's completions (latest of each), its pending suggestions, and what the member may start. */
export async function cardGeneration(services: AppServices, member: MemberContext, cardId: string) {
  const access = await cardAccess(services, member, cardId);
  const db = services.database.db;
  const rows = await db
    .select()
    .from(generations)
    .where(and(eq(generations.cardId, cardId), inArray(generations.kind, [...CARD_COMPLETIONS])))
    .orderBy(desc(generations.createdAt));
  const [insights] = await db
    .select({ generated: cardTexts.generated, rawText: cardTexts.rawText })
    .from(cardTexts)
    .where(and(eq(cardTexts.cardId, cardId), eq(cardTexts.field, 'keyInsights')));
  const completions: Record<string, (GenerationState & { result: unknown }) | null> = {};
  for (const kind of CARD_COMPLETIONS) {
    const row = rows.find((r) => r.kind === kind);
    completions[kind] = row
      ? {
          ...presentGeneration(row),
          result: row.result ?? null,
          modifiedByUser:
            kind === 'keyInsights' && row.status === 'success'
              ? Boolean(insights && !insights.generated && insights.rawText.trim())
              : row.modifiedByUser,
        }
      : null;
  }
  const suggestions = await db
    .select({
      id: connectionSuggestions.id,
      hypothesisId: connectionSuggestions.hypothesisCardId,
      score: connectionSuggestions.score,
      title: cards.title,
    })
    .from(connectionSuggestions)
    .innerJoin(cards, eq(cards.id, connectionSuggestions.hypothesisCardId))
    .where(
      and(
        eq(connectionSuggestions.evidenceCardId, cardId),
        eq(connectionSuggestions.status, 'pending'),
        isNull(cards.deletedAt),
      ),
    )
    .orderBy(desc(connectionSuggestions.score));
  const agent = memberHasFeature(member, 'glidrai');
  const editable = (() => {
    try {
      requireEditable(access, member);
      return true;
    } catch {
      return false;
    }
  })();
  return {
    cardId,
    completions,
    suggestions: suggestions.map((s) => ({
      ...s,
      path: cardPath({ id: s.hypothesisId, type: 'hypothesis' }),
    })),
    abilities: {
      generate: agent && editable,
      completions: CARD_COMPLETIONS.filter((k) => COMPLETION_TYPES[k](access.card.type)),
    },
  };
}

async function ownSuggestion(services: AppServices, member: MemberContext, id: string) {
  const [row] = await services.database.db
    .select()
    .from(connectionSuggestions)
    .where(
      and(
        eq(connectionSuggestions.id, id),
        eq(connectionSuggestions.organizationId, member.organization.id),
      ),
    );
  if (!row) throw new AppError('notFound');
  const access = await cardAccess(services, member, row.evidenceCardId);
  requireEditable(access, member);
  return row;
}

/** Accepts a suggestion: the connection is made by the person, then the suggestion is closed. */
export async function acceptSuggestion(
  services: AppServices,
  member: MemberContext,
  id: string,
  context: RequestContext,
) {
  const row = await ownSuggestion(services, member, id);
  if (row.status !== 'pending')
    throw new AppError('validation', { message: 'This suggestion was already handled.' });
  await connectCards(
    services,
    member,
    row.evidenceCardId,
    { cardId: row.hypothesisCardId },
    context,
  );
  await services.database.db
    .update(connectionSuggestions)
    .set({ status: 'accepted', decidedByProfileId: member.profileId, updatedAt: new Date() })
    .where(eq(connectionSuggestions.id, id));
  return cardGeneration(services, member, row.evidenceCardId);
}

/** Dismisses a suggestion; it is not suggested again for this card. */
export async function dismissSuggestion(services: AppServices, member: MemberContext, id: string) {
  const row = await ownSuggestion(services, member, id);
  await services.database.db
    .update(connectionSuggestions)
    .set({ status: 'dismissed', decidedByProfileId: member.profileId, updatedAt: new Date() })
    .where(eq(connectionSuggestions.id, id));
  return cardGeneration(services, member, row.evidenceCardId);
}

/** AI hypothesis picker: new hypotheses for a canvas section, from the project's description. */
export async function generateHypotheses(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(generateHypothesesSchema.safeParse(input));
  requireAgent(member);
  const access = await projectAccess(services, member, data.projectId);
  mayWriteCards(access);
  if (access.project.settings.businessHypotheses === false) throw new AppError('forbidden');
  if (!access.project.description.trim()) throw new AppError('generationNeedsDescription');
  return startGeneration(
    services,
    member,
    {
      projectId: data.projectId,
      kind: 'hypotheses',
      prompt: access.project.description,
      input: { section: data.section, language: access.project.language },
    },
    context,
  );
}

/** AI experiment picker: an experiment planned for a hypothesis, connected to it. */
export async function generateExperiment(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(generateExperimentSchema.safeParse(input));
  requireAgent(member);
  const access = await cardAccess(services, member, data.hypothesisId);
  if (access.card.type !== 'hypothesis' || access.card.draft) {
    throw new AppError('validation', { message: 'Pick a published hypothesis to test.' });
  }
  requireExperiments(member, access);
  mayWriteCards(access);
  return startGeneration(
    services,
    member,
    {
      projectId: access.card.projectId,
      cardId: access.card.id,
      kind: 'experiment',
      input: { language: access.project.language },
    },
    context,
  );
}

/** AI evidence picker: an evidence card from pasted notes or a transcript; the agent writes its key insights. */
export async function generateEvidence(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(generateEvidenceSchema.safeParse(input));
  requireAgent(member);
  const access = await projectAccess(services, member, data.projectId);
  if (!canCreateCard(access.scope, 'evidenceOther')) throw new AppError('forbidden');
  const problem = generationProblem(
    await limitsFor(services.database.db, member.organization, null),
    'keyInsights',
  );
  if (problem && problem !== 'generationTooSoon') throw new AppError(problem);
  const card = await createCard(
    services,
    member,
    {
      projectId: data.projectId,
      type: 'evidenceOther',
      title: data.title || firstWords(data.notes),
      draft: true,
    },
    context,
  );
  await updateText(
    services,
    member,
    {
      cardId: card.id,
      version: card.version,
      field: 'description',
      text: plainToHtml(data.notes),
      rawText: data.notes,
    },
    context,
  );
  const generation = await startGeneration(
    services,
    member,
    {
      projectId: data.projectId,
      cardId: card.id,
      kind: 'keyInsights',
      prompt: data.notes,
      input: { language: access.project.language },
    },
    context,
  );
  return { cardId: card.id, path: card.path, generation };
}

function firstWords(text: string) {
  const words = text.trim().split(/\s+/).slice(0, 8).join(' ');
  return words.length > 80 ? `${words.slice(0, 79)}…` : words;
}

/** Retries a failed generation of a project the member may write in. */
export async function retryGeneration(
  services: AppServices,
  member: MemberContext,
  id: string,
  context: RequestContext,
) {
  return retry(services, member, id, context, async (row) => {
    requireAgent(member);
    if (row.cardId) requireEditable(await cardAccess(services, member, row.cardId), member);
    else mayWriteCards(await projectAccess(services, member, row.projectId));
  });
}

/** A generation's status (the browser polls it when realtime is unavailable). */
export async function generationStatus(services: AppServices, member: MemberContext, id: string) {
  const row = await ownGeneration(services, member, id);
  await projectAccess(services, member, row.projectId);
  return { ...presentGeneration(row), result: row.result ?? null };
}

/**
 * summarizeFile(mediaId): the agent summarizes a document on a card (enterprise
 * autoSummerizeFiles); it also runs by itself when such a document is attached.
 */
export async function summarizeFile(
  services: AppServices,
  member: MemberContext,
  mediaId: string,
  context: RequestContext | undefined,
) {
  requireAgent(member, 'autoSummerizeFiles');
  const db = services.database.db;
  const [file] = isUuid(mediaId)
    ? await db
        .select()
        .from(media)
        .where(and(eq(media.id, mediaId), eq(media.organizationId, member.organization.id)))
    : [];
  if (!file || file.collection !== 'cards') throw new AppError('notFound');
  const access = await cardAccess(services, member, file.subjectId);
  requireEditable(access, member);
  if (!isSummarizable(file.filename)) {
    throw new AppError('validation', { message: FILE_SUMMARY_MESSAGES.notDocument });
  }
  const generation = await startGeneration(
    services,
    member,
    {
      projectId: access.card.projectId,
      cardId: access.card.id,
      mediaId,
      kind: 'fileSummary',
      input: { mediaId, language: access.project.language },
    },
    context,
    async (unit) => {
      await unit.tx
        .update(media)
        .set({ processing: true, summaryRequestedAt: new Date() })
        .where(eq(media.id, mediaId));
    },
  );
  return generation;
}

/** After a document is attached to a card: summarized by itself where the plan has it. */
export async function summarizeOnUpload(
  services: AppServices,
  member: MemberContext,
  file: { id: string; filename: string; collection: string },
  context: RequestContext,
) {
  if (
    file.collection !== 'cards' ||
    !isSummarizable(file.filename) ||
    !memberHasFeature(member, 'glidrai') ||
    !memberHasFeature(member, 'autoSummerizeFiles')
  ) {
    return false;
  }
  try {
    await summarizeFile(services, member, file.id, context);
    return true;
  } catch (error) {
    services.logger.info({ err: error, mediaId: file.id }, 'no summary for the upload');
    return false;
  }
}
