/** Projects: create (monthly allocation), read, edit, settings, status, delete, members, tags. */
import { parse } from '../../http/parse.ts';
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  canCreateCard,
  canvasLayout,
  hasPermission,
  organizationHasFeature,
  projectFields,
  lockerScope,
  projectScope,
  canManageProject,
  canMigrateProject,
  canOpenWorkspace,
  projectOpeningPath,
  canSeeProject,
  DEFAULT_PROJECT_SETTINGS,
  projectSettingsSchema,
  updateProjectSchema,
  type License,
  type ProjectStatus,
} from '@assay/domain';
import {
  memberHasFeature,
  type MemberContext,
  type RequestContext,
} from '../../http/member-context.ts';
import type { Executor } from '../../platform/db/index.ts';
import { mergeJson } from '../../platform/db/json.ts';
import { prepared } from '../../platform/db/prepared.ts';
import type { AppServices } from '../../services.ts';
import { cohortPartsOf, teamRoleWithCohort } from '../cohorts/team-roles-port.ts';
import {
  projectAccessColumns,
  projectMembers,
  projects,
  type ProjectAccessRow,
  type ProjectRow,
  type ProjectWriteUpKey,
} from './schema.ts';

async function myProjectRoles(services: AppServices, member: MemberContext, projectIds?: string[]) {
  const conditions = [eq(projectMembers.profileId, member.profileId)];
  if (projectIds)
    conditions.push(
      inArray(
        projectMembers.projectId,
        projectIds.length ? projectIds : ['00000000-0000-0000-0000-000000000000'],
      ),
    );
  const rows = await services.database.db
    .select({ projectId: projectMembers.projectId, role: projectMembers.role })
    .from(projectMembers)
    .where(and(...conditions));
  return new Map(rows.map((r) => [r.projectId, r.role]));
}

export function presentProject(
  project: ProjectAccessRow,
  member: MemberContext,
  projectRole: string | null,
  /** Found with the project (findVisibleProject); otherwise from the role alone. */
  openWorkspace = opensWorkspace(member, project, projectRole, {
    ownRole: projectRole,
    cohortRole: null,
  }),
) {
  const license = member.organization.license as License;
  return {
    id: project.id,
    name: project.name,
    /** The cohort a team belongs to (null: not a cohort team). */
    cohortId: project.cohortId,
    description: project.description,
    language: project.language,
    status: project.status,
    statusNote: project.statusNote,
    statusReason: project.statusReason,
    settings: { ...DEFAULT_PROJECT_SETTINGS, ...project.settings },
    projectTags: project.projectTags,
    role: projectRole,
    createdAt: project.createdAt.toISOString(),
    canvas: canvasLayout({
      canvas: project.canvas,
      templates: member.organization.canvasTemplates,
      missionModelAllowed: organizationHasFeature(
        { ...member.organization, license },
        'missionModelCanvas',
      ),
    }),
    customFields: projectFields(member.organization.globalFields, project.customFields),
    prioritization: project.prioritization,
    openPath: projectOpeningPath({
      projectId: project.id,
      academicPrivate: project.settings.academicPrivate === true,
      hasAccess: projectRole !== null,
      cohortScopeHasDefault: false,
      hasCohort: project.cohortId !== null,
      openWorkspace,
    }),
    abilities: {
      manage: canManageProject({ organizationRole: member.role, projectRole }),
      migrate: canMigrateProject({
        organizationRole: member.role,
        projectRole,
        kind: project.kind,
        cohortId: project.cohortId,
      }),
      openWorkspace,
      ...projectAbilities(member, project, projectRole),
    },
  };
}

/** The member's permission scope in a project. */
export function memberProjectScope(
  member: MemberContext,
  project: ProjectAccessRow,
  projectRole: string | null,
) {
  // The evidence locker grants card write and comment write to every member (part 2 §6).
  if (project.kind === 'locker') {
    // A plan without it (Garage AI, #48 item 4) still reads what was kept there: nothing is lost.
    if (!memberHasFeature(member, 'evidenceLocker'))
      return member.role === 'disabled' ? {} : { card: 'read' as const, comment: 'read' as const };
    return lockerScope(member.role);
  }
  return projectScope({
    organizationRole: member.role,
    projectRole,
    // A cohort's teams are open through the cohort's roles only (part 2 §6).
    openToOrganization: !project.cohortId && (project.settings.membership ?? true),
  });
}

function projectAbilities(
  member: MemberContext,
  project: ProjectAccessRow,
  projectRole: string | null,
) {
  const scope = memberProjectScope(member, project, projectRole);
  return {
    createCards: canCreateCard(scope, 'hypothesis'),
    createEvidence: canCreateCard(scope, 'post'),
    comment: hasPermission(scope, 'comment:write'),
    copyCards: organizationHasFeature(
      { ...member.organization, license: member.organization.license as License },
      'copyCardToProject',
      member.featureSlugs,
    ),
  };
}

/** A cohort's team is seen by the organisation's owners and admins and those the cohort gives a role. */
function canSeeCohortTeam(member: MemberContext, project: ProjectAccessRow, role: string | null) {
  if (!project.cohortId) return true;
  return role !== null || member.role === 'owner' || member.role === 'admin';
}

/**
 * A project's write-ups (its dashboard statements, market, investment, petal diagram and what the
 * agent last wrote), for the screens that show or change them: the project as each request reads
 * it (`findVisibleProject`) leaves them out.
 */
export async function projectWriteUps(
  db: Executor,
  projectId: string,
): Promise<Pick<ProjectRow, ProjectWriteUpKey>> {
  const [row] = await db
    .select({
      dashboard: projects.dashboard,
      market: projects.market,
      investment: projects.investment,
      petal: projects.petal,
      generated: projects.generated,
    })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!row) throw new AppError('projectNotFound');
  return row;
}

/** The whole project: what a request read of it, with its write-ups. */
export async function withWriteUps(db: Executor, project: ProjectAccessRow): Promise<ProjectRow> {
  return { ...project, ...(await projectWriteUps(db, project.id)) };
}

/** A project of the member's organisation that they may see, with their role in it. */
export async function findVisibleProject(
  services: AppServices,
  member: MemberContext,
  projectId: string,
) {
  if (!/^[0-9a-f-]{36}$/i.test(projectId)) throw new AppError('projectNotFound');
  // The project and the member's role in it, in one round trip.
  const query = prepared(services.database.db, 'project_with_role', (d) =>
    d
      .select({ project: projectAccessColumns, role: projectMembers.role })
      .from(projects)
      .leftJoin(
        projectMembers,
        and(
          eq(projectMembers.projectId, projects.id),
          eq(projectMembers.profileId, sql.placeholder('profileId')),
        ),
      )
      .where(
        and(
          eq(projects.id, sql.placeholder('projectId')),
          eq(projects.organizationId, sql.placeholder('organizationId')),
        ),
      )
      .prepare('project_with_role'),
  );
  // Read with the session when the request named this project (x-project-id), else now. Used
  // once: the request's first look (its access check, before anything it writes); a later look
  // in the same request reads what the request may have changed.
  const named = member.project?.row.id === projectId.toLowerCase() ? member.project : null;
  if (named) delete member.project;
  const [row] = named
    ? [{ project: named.row, role: named.role }]
    : await query.execute({
        profileId: member.profileId,
        projectId,
        organizationId: member.organization.id,
      });
  if (!row) throw new AppError('projectNotFound');
  const { project } = row;
  const ownRole = row.role ?? null;
  const parts = project.cohortId
    ? await cohortPartsOf(services.database.db, member.profileId, [project.cohortId])
    : null;
  const role = parts ? teamRoleWithCohort(project, ownRole, parts) : ownRole;
  if (
    !canSeeCohortTeam(member, project, role) ||
    !canSeeProject({
      organizationRole: member.role,
      projectRole: role,
      isPrivate: project.settings.private,
    })
  ) {
    throw new AppError('projectNotFound');
  }
  const cohortRole = project.cohortId ? (parts?.get(project.cohortId)?.cohortRole ?? null) : null;
  const openWorkspace = opensWorkspace(member, project, role, { ownRole, cohortRole });
  // A project from the identity cache has every column current but its card version (#53).
  return { project, role, openWorkspace, cardsVersionFresh: !named?.cached };
}

/**
 * Whether the member opens the project's workspace (part 1 §2.5), from their role in it, their own
 * membership and their cohort role (an academic-private team is closed to other teams' students).
 */
export function opensWorkspace(
  member: MemberContext,
  project: ProjectAccessRow,
  role: string | null,
  own: { ownRole: string | null; cohortRole: string | null },
) {
  return canOpenWorkspace({
    organizationRole: member.role,
    projectRole: role,
    license: member.organization.license as License,
    openToOrganization: !project.cohortId && (project.settings.membership ?? true),
    academicPrivateOutsider:
      !!project.cohortId &&
      project.settings.academicPrivate === true &&
      own.ownRole === null &&
      (own.cohortRole === null || own.cohortRole === 'default'),
  });
}

export async function findManagedProject(
  services: AppServices,
  member: MemberContext,
  projectId: string,
) {
  const found = await findVisibleProject(services, member, projectId);
  if (found.project.kind === 'locker') throw new AppError('forbidden');
  if (!canManageProject({ organizationRole: member.role, projectRole: found.role }))
    throw new AppError('forbidden');
  return found;
}

/** The projects the member may see, by status, with the counts per status. */
/** How many projects an organisation holds (archived ones too), for the onboarding rule. */
export async function countOrganizationProjects(db: Executor, organizationId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(projects)
    .where(eq(projects.organizationId, organizationId));
  return row?.n ?? 0;
}

/** The organisation's oldest project still in use (the basic tier keeps this one). */
export async function firstProjectId(db: Executor, organizationId: string) {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.organizationId, organizationId), eq(projects.status, 'active')))
    .orderBy(projects.createdAt)
    .limit(1);
  return row?.id ?? null;
}

export async function listProjects(
  services: AppServices,
  member: MemberContext,
  status?: ProjectStatus | null,
) {
  // Without their write-ups: an organisation's drafted projects would bring tens of KB each.
  const rows = await services.database.db
    .select(projectAccessColumns)
    .from(projects)
    .where(and(eq(projects.organizationId, member.organization.id), eq(projects.kind, 'project')))
    .orderBy(sql`lower(${projects.name})`);
  const [own, parts] = await Promise.all([
    myProjectRoles(services, member),
    cohortPartsOf(services.database.db, member.profileId),
  ]);
  const roles = new Map(
    rows.map((p) => [p.id, teamRoleWithCohort(p, own.get(p.id) ?? null, parts)] as const),
  );
  const visible = rows.filter(
    (p) =>
      canSeeCohortTeam(member, p, roles.get(p.id) ?? null) &&
      canSeeProject({
        organizationRole: member.role,
        projectRole: roles.get(p.id) ?? null,
        isPrivate: p.settings.private,
      }),
  );
  const counts = { active: 0, backlog: 0, archive: 0 };
  for (const p of visible) if (p.status in counts) counts[p.status as keyof typeof counts] += 1;
  return {
    counts,
    projects: visible
      .filter((p) => !status || p.status === status)
      .map((p) =>
        presentProject(
          p,
          member,
          roles.get(p.id) ?? null,
          opensWorkspace(member, p, roles.get(p.id) ?? null, {
            ownRole: own.get(p.id) ?? null,
            cohortRole: p.cohortId ? (parts.get(p.cohortId)?.cohortRole ?? null) : null,
          }),
        ),
      ),
  };
}

export async function saveProject(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  /** Column values, or SQL computed by the database (a JSON merge). */
  set: { [K in keyof ProjectRow]?: ProjectRow[K] | SQL },
  action: string,
  changes: Record<string, unknown>,
  context: RequestContext,
) {
  return services.transaction(
    async (unit) => {
      const [row] = await unit.tx
        .update(projects)
        .set({ ...set, updatedAt: new Date() })
        .where(and(eq(projects.id, projectId), eq(projects.organizationId, member.organization.id)))
        .returning();
      if (!row) throw new AppError('projectNotFound');
      await unit.record({
        name: `projects.${action}`,
        organizationId: member.organization.id,
        projectId,
        actorId: member.profileId,
        subjectType: 'project',
        subjectId: projectId,
        changes,
      });
      return row;
    },
    { context },
  );
}

export async function updateProject(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  input: unknown,
  context: RequestContext,
) {
  const { role } = await findManagedProject(services, member, projectId);
  const patch = parse(updateProjectSchema.safeParse(input));
  const row = await saveProject(
    services,
    member,
    projectId,
    patch,
    patch.status ? 'status' : 'update',
    { fields: Object.keys(patch), ...(patch.status ? { status: patch.status } : {}) },
    context,
  );
  return presentProject(row, member, role);
}

export async function updateProjectSettings(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  input: unknown,
  context: RequestContext,
) {
  const { role } = await findManagedProject(services, member, projectId);
  const patch = parse(projectSettingsSchema.safeParse(input));
  const row = await saveProject(
    services,
    member,
    projectId,
    // Merged by the database, so two settings switched at once both stay.
    { settings: mergeJson(projects.settings, patch) },
    'settings',
    { fields: Object.keys(patch) },
    context,
  );
  return presentProject(row, member, role);
}

export async function setProjectTag(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  tag: string,
  add: boolean,
  context: RequestContext,
) {
  const { project, role } = await findManagedProject(services, member, projectId);
  const clean = tag.trim().slice(0, 50);
  if (!clean) throw new AppError('validation', { message: 'Tags cannot be empty.' });
  const tags = add
    ? [...new Set([...project.projectTags, clean])]
    : project.projectTags.filter((t) => t !== clean);
  const row = await saveProject(
    services,
    member,
    projectId,
    { projectTags: tags },
    add ? 'tag' : 'untag',
    { tag: clean },
    context,
  );
  return presentProject(row, member, role);
}

export async function deleteProject(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  context: RequestContext,
) {
  await findManagedProject(services, member, projectId);
  await services.transaction(
    async (unit) => {
      await unit.record({
        name: 'projects.delete',
        organizationId: member.organization.id,
        projectId,
        actorId: member.profileId,
        subjectType: 'project',
        subjectId: projectId,
      });
      await unit.tx
        .delete(projects)
        .where(
          and(eq(projects.id, projectId), eq(projects.organizationId, member.organization.id)),
        );
    },
    { context },
  );
  return true;
}
