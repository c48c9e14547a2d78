/**
 * The portfolio dashboard (/portfolio-dashboard/{id}; enterprise): the projects of a collection,
 * or of the whole organisation when the id is the organisation's, side by side — stage, validated
 * and invalidated counts, active experiments, evidence and investment. Owners and admins see it,
 * and members given portfolio access.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { AppError, isUuid, portfolioStage, roleHas } from '@assay/domain';
import { memberHasFeature, requireFeature, type MemberContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { collectionProjectList } from '../organizations/ports.ts';
import { profiles } from '../organizations/schema.ts';
import { listProjects } from '../projects/ports.ts';
import { projects } from '../projects/schema.ts';
import { EMPTY_COUNTS, projectCounts } from './dashboard.ts';

async function requirePortfolioAccess(services: AppServices, member: MemberContext) {
  requireFeature(member, 'portfolioDashboard');
  if (roleHas(member.role, 'organization:write')) return;
  const [row] = await services.database.db
    .select({ access: profiles.portfolioAccess })
    .from(profiles)
    .where(
      and(eq(profiles.id, member.profileId), eq(profiles.organizationId, member.organization.id)),
    );
  if (!row?.access) throw new AppError('forbidden');
}

export async function portfolioDashboard(services: AppServices, member: MemberContext, id: string) {
  if (!isUuid(id)) throw new AppError('notFound');
  await requirePortfolioAccess(services, member);
  let title = member.organization.name;
  let collectionId: string | null = null;
  let list;
  if (id === member.organization.id) {
    list = (await listProjects(services, member)).projects;
  } else {
    const found = await collectionProjectList(services, member, id);
    title = found.collection.name;
    collectionId = found.collection.id;
    list = found.projects;
  }
  const ids = list.map((p) => p.id);
  const counts = await projectCounts(services.database.db, ids);
  const money = ids.length
    ? await services.database.db
        .select({ id: projects.id, investment: projects.investment })
        .from(projects)
        .where(and(eq(projects.organizationId, member.organization.id), inArray(projects.id, ids)))
    : [];
  const investments = new Map(money.map((m) => [m.id, m.investment]));
  return {
    id,
    title,
    collectionId,
    projects: list.map((p) => {
      const c = counts.get(p.id) ?? EMPTY_COUNTS;
      const investment = investments.get(p.id);
      return {
        id: p.id,
        name: p.name,
        status: p.status,
        stage: portfolioStage(c),
        hypotheses: c.hypotheses,
        validated: c.validated,
        invalidated: c.invalidated,
        activeExperiments: c.activeExperiments,
        completeExperiments: c.completeExperiments,
        evidence: c.evidence,
        investmentTotal: investment?.total ?? null,
        investmentToDate: investment?.toDate ?? null,
      };
    }),
  };
}

/**
 * The organisation's custom agent prompts for portfolios (enterprise customAgentPrompts), for
 * those who may see the portfolio: its enabled groups, or none when the portfolio scope is off.
 */
export async function portfolioAgentPrompts(services: AppServices, member: MemberContext) {
  await requirePortfolioAccess(services, member);
  if (!memberHasFeature(member, 'customAgentPrompts')) return [];
  const scope = member.organization.promptSettings.portfolio;
  if (!scope?.enabled) return [];
  return (scope.groups ?? []).filter((group) => group.enabled);
}
