/** The AI pickers (part 2 §7): hypotheses for a project, an experiment for a hypothesis, evidence drafted from notes. */
import {
  AppError,
  canCreateCard,
  generateEvidenceSchema,
  generateExperimentSchema,
  generateHypothesesSchema,
  generationProblem,
  plainToHtml,
} from '@assay/domain';
import { type MemberContext, type RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { cardAccess, workspaceAccess } from '../cards/ports.ts';
import { requireExperiments } from '../cards/ports.ts';
import { createCard } from '../cards/ports.ts';
import { updateText } from '../cards/ports.ts';
import { parse } from '../../http/parse.ts';
import { limitsFor, requireAgent, startGeneration } from './service.ts';
import { mayWriteCards } from './guards.ts';

/** AI hypothesis picker: new hypotheses for a canvas section, from the project's description. */
export async function generateHypotheses(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(generateHypothesesSchema.safeParse(input));
  requireAgent(member);
  const access = await workspaceAccess(services, member, data.projectId);
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
  const access = await workspaceAccess(services, member, data.projectId);
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
