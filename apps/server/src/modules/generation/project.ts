/** Project generation (part 2 §3, §7): at creation or later (generateProjectData), a part regenerated, its state, the organisation's allowance. */
import {
  AppError,
  canCreateCard,
  createProjectSchema,
  generateProjectDataSchema,
  generationProblem,
  isGenerationRunning,
  type GenerationStatus,
} from '@assay/domain';
import { z } from 'zod';
import {
  memberHasFeature,
  type MemberContext,
  type RequestContext,
} from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { projectAccess, workspaceAccess } from '../cards/ports.ts';
import { createProject, findVisibleProject, projectWriteUps } from '../projects/ports.ts';
import { parse } from '../../http/parse.ts';
import type { ProjectAccessRow, ProjectRow, ProjectWriteUpKey } from '../projects/schema.ts';
import { type GenerationRow } from './schema.ts';
import {
  latestGeneration,
  limitsFor,
  presentGeneration,
  requireAgent,
  startGeneration,
} from './service.ts';
import { experimentsOn, mayWriteCards } from './guards.ts';

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
  project: ProjectAccessRow,
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
  const access = await workspaceAccess(services, member, data.projectId);
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
  const access = await workspaceAccess(services, member, projectId);
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
function projectModified(project: Pick<ProjectRow, ProjectWriteUpKey>) {
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
  // What a person changed is read only where a generation wrote something (the write-ups are
  // most of a drafted project's row).
  const modified =
    whole || market || petal
      ? projectModified(await projectWriteUps(db, access.project.id))
      : { dashboard: false, market: false, petal: false };
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
