/**
 * A profile's projects (part 1 §3 Profile.projects and projectRole): the projects of this
 * organisation the person is a member of, with their role, and their role in the project the
 * request works in (the x-project-id header).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { PROJECT_ID_HEADER } from '@assay/domain';
import type { MemberContext } from '../../http/member-context.ts';
import type { GatewayContext } from '../../gateway/context.ts';
import type { AppServices } from '../../services.ts';
import { projectMembers, projects } from './schema.ts';

/** Each project the profile is a member of, by name; `default` marks the organisation's first. */
export async function profileProjects(
  services: AppServices,
  member: MemberContext,
  profileId: string,
) {
  const organizationId = member.organization.id;
  const first = services.database.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.organizationId, organizationId), eq(projects.kind, 'project')))
    .orderBy(asc(projects.createdAt), asc(projects.id))
    .limit(1);
  const rows = await services.database.db
    .select({
      id: projects.id,
      name: projects.name,
      role: projectMembers.role,
      isGuest: projectMembers.isGuest,
      settings: projects.settings,
      cohortId: projects.cohortId,
      status: projects.status,
      isDefault: sql<boolean>`${projects.id} in (${first})`,
    })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(
      and(
        eq(projectMembers.profileId, profileId),
        eq(projectMembers.organizationId, organizationId),
        eq(projects.kind, 'project'),
      ),
    )
    .orderBy(asc(projects.name), asc(projects.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    role: row.role,
    isGuest: row.isGuest,
    private: row.settings.private === true,
    default: Boolean(row.isDefault),
    cohortId: row.cohortId,
    status: row.status,
  }));
}

/** The profile's role in the project the request works in (null: none named, or not a member). */
export async function projectRoleOf(context: GatewayContext, profileId: string) {
  const header = context.request.headers[PROJECT_ID_HEADER];
  if (typeof header !== 'string' || !/^[0-9a-f-]{36}$/i.test(header)) return null;
  const [row] = await context.services.database.db
    .select({ role: projectMembers.role })
    .from(projectMembers)
    .where(
      and(
        eq(projectMembers.projectId, header.toLowerCase()),
        eq(projectMembers.profileId, profileId),
      ),
    );
  return row?.role ?? null;
}

/** Names of the organisation's projects, read once per request (access logs name theirs). */
const projectNames = new WeakMap<object, Promise<Map<string, string>>>();

/** An access log entry's project (part 1 §3 AccessLog.project): its id and name; null if gone. */
export async function accessLogProject(
  context: GatewayContext,
  member: MemberContext,
  projectId: string | null,
) {
  if (!projectId) return null;
  let names = projectNames.get(context.request);
  if (!names) {
    names = context.services.database.db
      .select({ id: projects.id, name: projects.name })
      .from(projects)
      .where(eq(projects.organizationId, member.organization.id))
      .then((rows) => new Map(rows.map((row) => [row.id, row.name])));
    projectNames.set(context.request, names);
  }
  const name = (await names).get(projectId);
  return name === undefined ? null : { id: projectId, name };
}
