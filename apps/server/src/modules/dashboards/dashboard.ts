/**
 * The project dashboard (part 2 §2, §3): counts of hypotheses, experiments and evidence, the
 * hypothesis, risky, active and complete experiment lists, the statements, market and investment,
 * and the tab order. Every member who sees the project may read it; changing it needs
 * dashboard:write in the project (its owners and admins).
 */
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  DASHBOARD_STATEMENTS,
  dashboardTabOrder,
  DASHBOARD_TABS,
  canEditDashboard,
  DEFAULT_PROJECT_SETTINGS,
  investmentProblem,
  marketProblem,
  updateProjectDashboardSchema,
  updateProjectInvestmentSchema,
  updateProjectMarketSchema,
  type ProjectDashboardTexts,
} from '@assay/domain';
import { z } from 'zod';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { AppServices } from '../../services.ts';
import { projectAccess, type ProjectAccess } from '../cards/ports.ts';
import { projectExperiments } from '../cards/ports.ts';
import { cards, hypotheses } from '../cards/schema.ts';
import { parse } from '../../http/parse.ts';
import { media } from '../media/schema.ts';
import { presentMedia } from '../media/ports.ts';
import { withWriteUps } from '../projects/ports.ts';
import { projects, type ProjectRow } from '../projects/schema.ts';

/** How many cards each dashboard list shows (the counts are always whole). */
export const DASHBOARD_LIST_LIMIT = 100;

type Count = string | number | null;
const n = (value: Count) => Number(value ?? 0);

/** Rows of a raw query (PGlite and pg both answer with `rows`). */
export async function rowsOf<T>(executor: Executor, query: SQL): Promise<T[]> {
  return ((await executor.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every count of the dashboard in one pass over the project's published cards. */
export async function projectCounts(executor: Executor, projectIds: string[]) {
  if (projectIds.length === 0) return new Map<string, ReturnType<typeof toCounts>>();
  const list = await rowsOf<Record<string, Count> & { project_id: string }>(
    executor,
    sql`
    select c.project_id,
      count(*) filter (where c.type = 'hypothesis') as hypotheses,
      count(*) filter (where h.result = 'validated') as validated,
      count(*) filter (where h.result = 'invalidated') as invalidated,
      count(*) filter (where h.risky) as risky,
      count(*) filter (where h.business_status = 'inTesting') as in_testing,
      count(*) filter (where c.type = 'experiment') as experiments,
      count(*) filter (where e.phase = 'plan') as plan,
      count(*) filter (where e.phase = 'test') as test,
      count(*) filter (where e.phase = 'analyze') as analyze,
      count(*) filter (where e.phase = 'complete') as complete,
      count(*) filter (where e.experiment_type = 'generative') as generative,
      count(*) filter (where e.experiment_type = 'evaluative') as evaluative,
      count(*) filter (where c.is_evidence) as evidence
    from cards c
    left join hypotheses h on h.card_id = c.id
    left join experiments e on e.card_id = c.id
    where c.project_id in (${sql.join(
      projectIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
      and c.deleted_at is null and c.draft = false and c.template = false
    group by c.project_id`,
  );
  return new Map(list.map((r) => [r.project_id, toCounts(r)]));
}

function toCounts(r: Record<string, Count> | undefined) {
  const complete = n(r?.complete ?? 0);
  const experiments = n(r?.experiments ?? 0);
  return {
    hypotheses: n(r?.hypotheses ?? 0),
    validated: n(r?.validated ?? 0),
    invalidated: n(r?.invalidated ?? 0),
    risky: n(r?.risky ?? 0),
    inTesting: n(r?.in_testing ?? 0),
    experiments,
    activeExperiments: experiments - complete,
    completeExperiments: complete,
    generative: n(r?.generative ?? 0),
    evaluative: n(r?.evaluative ?? 0),
    evidence: n(r?.evidence ?? 0),
    phases: {
      plan: n(r?.plan ?? 0),
      test: n(r?.test ?? 0),
      analyze: n(r?.analyze ?? 0),
      complete,
    },
  };
}
export const EMPTY_COUNTS = toCounts(undefined);
export type ProjectCounts = typeof EMPTY_COUNTS;

/** Evidence published per week over the last twelve weeks (oldest first). */
async function evidenceByWeek(executor: Executor, projectId: string) {
  const list = await rowsOf<{ week: string; count: Count }>(
    executor,
    sql`
    select to_char(date_trunc('week', c.published_at), 'YYYY-MM-DD') as week, count(*) as count
    from cards c
    where c.project_id = ${projectId} and c.is_evidence and c.draft = false
      and c.deleted_at is null and c.published_at > now() - interval '12 weeks'
    group by 1 order by 1`,
  );
  return list.map((r) => ({ week: r.week, count: n(r.count) }));
}

async function hypothesisList(executor: Executor, projectId: string, riskyOnly: boolean) {
  const rows = await executor
    .select({
      id: cards.id,
      title: cards.title,
      result: hypotheses.result,
      businessStatus: hypotheses.businessStatus,
      risky: hypotheses.risky,
      hypothesisType: hypotheses.hypothesisType,
      updatedAt: cards.updatedAt,
    })
    .from(cards)
    .innerJoin(hypotheses, eq(hypotheses.cardId, cards.id))
    .where(
      and(
        eq(cards.projectId, projectId),
        isNull(cards.deletedAt),
        eq(cards.draft, false),
        eq(cards.template, false),
        riskyOnly ? eq(hypotheses.risky, true) : undefined,
      ),
    )
    .orderBy(desc(cards.updatedAt))
    .limit(DASHBOARD_LIST_LIMIT);
  return rows.map((r) => ({
    ...r,
    updatedAt: r.updatedAt.toISOString(),
    path: `/hypothesis/${r.id}/details`,
  }));
}

const mayEdit = (member: MemberContext, access: ProjectAccess) =>
  canEditDashboard({
    scope: access.scope,
    organizationRole: member.role,
    projectRole: access.role,
  });

function dashboardAbilities(member: MemberContext, access: ProjectAccess) {
  return {
    edit: mayEdit(member, access),
    openWorkspace: access.openWorkspace,
  };
}

function presentDashboardTexts(project: ProjectRow): Required<ProjectDashboardTexts> {
  const texts = { ...project.dashboard, description: project.description };
  return Object.fromEntries(
    DASHBOARD_STATEMENTS.map((k) => [k, texts[k] ?? '']),
  ) as Required<ProjectDashboardTexts>;
}

/** The dashboard's files, by id. */
async function dashboardFiles(executor: Executor, organizationId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, ReturnType<typeof presentMedia>>();
  const rows = await executor
    .select()
    .from(media)
    .where(and(eq(media.organizationId, organizationId), inArray(media.id, ids)));
  return new Map(rows.map((r) => [r.id, presentMedia(r)]));
}

/** The dashboard query. */
export async function projectDashboard(
  services: AppServices,
  member: MemberContext,
  projectId: string,
) {
  const access = await projectAccess(services, member, projectId);
  if (access.project.kind === 'locker') throw new AppError('projectNotFound');
  const db = services.database.db;
  const [counts, weekly, allHypotheses, risky, experimentRows, project] = await Promise.all([
    projectCounts(db, [projectId]),
    evidenceByWeek(db, projectId),
    hypothesisList(db, projectId, false),
    hypothesisList(db, projectId, true),
    projectExperiments(services, member, access),
    withWriteUps(db, access.project),
  ]);
  const published = experimentRows.filter((e) => !e.draft);
  const files = await dashboardFiles(db, member.organization.id, [
    ...(project.market.media ?? []),
    ...(project.investment.media ?? []),
  ]);
  return {
    project: {
      id: project.id,
      name: project.name,
      status: project.status,
      settings: { ...DEFAULT_PROJECT_SETTINGS, ...project.settings },
    },
    abilities: dashboardAbilities(member, access),
    statements: presentDashboardTexts(project),
    generatedStatements: project.generated.dashboard ?? null,
    petal: project.petal,
    market: {
      ...project.market,
      files: (project.market.media ?? []).flatMap((id) => files.get(id) ?? []),
    },
    investment: {
      ...project.investment,
      files: (project.investment.media ?? []).flatMap((id) => files.get(id) ?? []),
    },
    tabOrder: dashboardTabOrder(project.settings.dashboardTabOrder),
    counts: counts.get(projectId) ?? EMPTY_COUNTS,
    evidenceByWeek: weekly,
    hypotheses: allHypotheses,
    riskyHypotheses: risky,
    activeExperiments: published
      .filter((e) => e.phase.phase !== 'complete')
      .slice(0, DASHBOARD_LIST_LIMIT),
    completeExperiments: published
      .filter((e) => e.phase.phase === 'complete')
      .slice(0, DASHBOARD_LIST_LIMIT),
  };
}

export async function editableProject(
  services: AppServices,
  member: MemberContext,
  projectId: string,
) {
  const access = await projectAccess(services, member, projectId);
  if (access.project.kind === 'locker') throw new AppError('projectNotFound');
  if (!mayEdit(member, access)) throw new AppError('forbidden');
  // With its write-ups: a change to one is written over what is there.
  return { ...access, project: await withWriteUps(services.database.db, access.project) };
}

/** Media named on the dashboard must be files of this organisation. */
async function checkMedia(services: AppServices, member: MemberContext, ids: string[] | undefined) {
  if (!ids?.length) return;
  const unique = [...new Set(ids)];
  const found = await services.database.db
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.organizationId, member.organization.id), inArray(media.id, unique)));
  if (found.length !== unique.length)
    throw new AppError('validation', { message: 'That file is not available here.' });
}

export async function saveProjectPart(
  services: AppServices,
  member: MemberContext,
  access: ProjectAccess,
  set: Partial<ProjectRow>,
  action: string,
  context: RequestContext,
) {
  await services.transaction(
    async (unit) => {
      await unit.tx
        .update(projects)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(projects.id, access.project.id));
      await unit.record({
        name: `projects.${action}`,
        organizationId: member.organization.id,
        projectId: access.project.id,
        actorId: member.profileId,
        subjectType: 'project',
        subjectId: access.project.id,
        changes: { fields: Object.keys(set) },
      });
    },
    { context },
  );
  return projectDashboard(services, member, access.project.id);
}

/** updateProjectMarket: target, served and total (nested), notes, analysis, links, media. */
export async function updateProjectMarket(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const { projectId, ...change } = parse(updateProjectMarketSchema.safeParse(input));
  const access = await editableProject(services, member, projectId);
  await checkMedia(services, member, change.media);
  const market = { ...access.project.market, ...change };
  const problem = marketProblem(market);
  if (problem) throw new AppError('validation', { message: problem });
  return saveProjectPart(services, member, access, { market }, 'market', context);
}

/** updateProjectInvestment: total, to date (not above the total), notes, media. */
export async function updateProjectInvestment(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const { projectId, ...change } = parse(updateProjectInvestmentSchema.safeParse(input));
  const access = await editableProject(services, member, projectId);
  await checkMedia(services, member, change.media);
  const investment = { ...access.project.investment, ...change };
  const problem = investmentProblem(investment);
  if (problem) throw new AppError('validation', { message: problem });
  return saveProjectPart(services, member, access, { investment }, 'investment', context);
}

/** The dashboard statements: description, who for, problem, solution, why not, why now. */
export async function updateProjectDashboard(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const { projectId, description, ...rest } = parse(updateProjectDashboardSchema.safeParse(input));
  const access = await editableProject(services, member, projectId);
  return saveProjectPart(
    services,
    member,
    access,
    {
      ...(description !== undefined ? { description } : {}),
      dashboard: { ...access.project.dashboard, ...rest },
    },
    'dashboard',
    context,
  );
}

const tabsSchema = z.object({
  projectId: z.string().uuid(),
  tabs: z.array(z.enum(DASHBOARD_TABS)).min(1).max(DASHBOARD_TABS.length),
});

/** reorderDashboardTabs: the project's dashboard tabs in the given order. */
export async function reorderDashboardTabs(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const { projectId, tabs } = parse(tabsSchema.safeParse(input));
  const access = await editableProject(services, member, projectId);
  const settings = { ...access.project.settings, dashboardTabOrder: dashboardTabOrder(tabs) };
  return saveProjectPart(services, member, access, { settings }, 'dashboardTabs', context);
}
