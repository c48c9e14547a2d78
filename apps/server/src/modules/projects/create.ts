/**
 * A new project (part 2 §2): the organisation's defaults, its owner, its board sections — made
 * once within the plan's monthly allocation, even when many arrive at once — and, for an import
 * (#29), the file's settings and graph in the same transaction.
 */
import { and, count, eq, gte, sql } from 'drizzle-orm';
import {
  AppError,
  canCreateProject,
  createProjectSchema,
  DEFAULT_PROJECT_SETTINGS,
  effectiveLimits,
  type License,
} from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import { parse } from '../../http/parse.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { UnitOfWork } from '../../platform/events/unit-of-work.ts';
import type { AppServices } from '../../services.ts';
import { seedBoardSections } from './default-sections.ts';
import { assertPaid } from './paid.ts';
import { projectMembers, projects, type ProjectRow } from './schema.ts';
import { presentProject } from './service.ts';

/** Projects created this calendar month (UTC), against the monthly allocation. */
async function projectsThisMonth(tx: Executor, organizationId: string): Promise<number> {
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [row] = await tx
    .select({ n: count() })
    .from(projects)
    .where(
      and(
        eq(projects.organizationId, organizationId),
        eq(projects.kind, 'project'),
        gte(projects.createdAt, start),
      ),
    );
  return Number(row?.n ?? 0);
}

/** What an import adds to a new project: its own settings and layout, then its graph (#29). */
export interface ProjectFilling {
  values: Pick<
    typeof projects.$inferInsert,
    'canvas' | 'customFields' | 'prioritization' | 'projectTags' | 'dashboard' | 'market' | 'petal'
  > & { settings: Record<string, unknown> };
  fill: (unit: UnitOfWork, project: ProjectRow) => Promise<void>;
}

/**
 * Who may make a project, and whether the plan lets the organisation: answers the plan's monthly
 * limit (null: none), which createProject checks under its lock.
 */
function assertMayCreateProject(member: MemberContext): number | null {
  if (!canCreateProject(member.role)) throw new AppError('forbidden');
  // The AI tiers begin with checkout (part 1 §2.4): no project before a subscription or manual
  // billing — a card saved without subscribing is not one (#48) — whichever way it is asked for
  // (the onboarding, the gateway, REST, an import).
  assertPaid(member);
  return effectiveLimits(member.organization.license as License, member.organization.limits)
    .project;
}

/**
 * The same checks before costly work (an import reads its archive only after them, #47): the
 * role, the plan, and the month's count as it stands (createProject counts again under its lock).
 */
export async function assertProjectAllowed(services: AppServices, member: MemberContext) {
  const limit = assertMayCreateProject(member);
  if (
    limit !== null &&
    (await projectsThisMonth(services.database.db, member.organization.id)) >= limit
  )
    throw new AppError('projectAllocationExceeded');
}

export async function createProject(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
  filling?: ProjectFilling,
) {
  const limit = assertMayCreateProject(member);
  const data = parse(createProjectSchema.safeParse(input));
  const defaults = member.organization.projectDefaults;
  const settings = {
    ...DEFAULT_PROJECT_SETTINGS,
    private: defaults.private ?? DEFAULT_PROJECT_SETTINGS.private,
    membership: data.membership ?? defaults.membership ?? DEFAULT_PROJECT_SETTINGS.membership,
    experiments: data.experiments ?? defaults.experiments ?? DEFAULT_PROJECT_SETTINGS.experiments,
    productHypotheses: defaults.productHypotheses ?? DEFAULT_PROJECT_SETTINGS.productHypotheses,
    businessHypotheses: defaults.businessHypotheses ?? DEFAULT_PROJECT_SETTINGS.businessHypotheses,
    projectOverview: defaults.projectOverview ?? DEFAULT_PROJECT_SETTINGS.projectOverview,
    publicPortal: defaults.publicPortal ?? DEFAULT_PROJECT_SETTINGS.publicPortal,
  };
  const project = await services.transaction(
    async (unit) => {
      if (limit !== null) {
        // One new project at a time per organisation, so forty at once cannot all fit the count.
        await unit.tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`projects:${member.organization.id}`}))`,
        );
        if ((await projectsThisMonth(unit.tx, member.organization.id)) >= limit)
          throw new AppError('projectAllocationExceeded');
      }
      const [row] = await unit.tx
        .insert(projects)
        .values({
          organizationId: member.organization.id,
          name: data.name,
          description: data.description,
          language: data.language,
          settings,
          canvas: { templateId: member.organization.canvasTemplates.defaultTemplateId ?? null },
          createdByProfileId: member.profileId,
          ...(filling
            ? {
                ...filling.values,
                settings: { ...settings, ...filling.values.settings } as typeof settings,
              }
            : {}),
        })
        .returning();
      if (!row) throw new Error('project insert returned no row');
      await unit.tx.insert(projectMembers).values({
        organizationId: member.organization.id,
        projectId: row.id,
        profileId: member.profileId,
        role: 'owner',
      });
      await seedBoardSections(unit.tx, member.organization.id, row.id);
      await filling?.fill(unit, row);
      await unit.record({
        name: 'projects.create',
        organizationId: member.organization.id,
        projectId: row.id,
        actorId: member.profileId,
        subjectType: 'project',
        subjectId: row.id,
        changes: { name: row.name },
      });
      return row;
    },
    { context },
  );
  return presentProject(project, member, 'owner');
}
