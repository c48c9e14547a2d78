/** A project's members: who they are, adding, changing or removing one, and joining by invitation. */
import { and, count, eq, inArray } from 'drizzle-orm';
import { AppError, projectRoleSchema } from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import { parse } from '../../http/parse.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { AppServices } from '../../services.ts';
import { onInvitationAccepted } from '../organizations/invitations-port.ts';
import { profiles } from '../organizations/schema.ts';
import { projectMembers, projects } from './schema.ts';
import { findManagedProject, findVisibleProject } from './service.ts';

export async function listProjectMembers(
  services: AppServices,
  member: MemberContext,
  projectId: string,
) {
  await findVisibleProject(services, member, projectId);
  const rows = await services.database.db
    .select({
      profileId: projectMembers.profileId,
      role: projectMembers.role,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      email: profiles.email,
    })
    .from(projectMembers)
    .innerJoin(profiles, eq(profiles.id, projectMembers.profileId))
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(profiles.firstName);
  return rows;
}

/** Adds, changes or (role null) removes a project member; the last owner stays. */
export async function setProjectMember(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  profileId: string,
  role: string | null,
  context: RequestContext,
) {
  await findManagedProject(services, member, projectId);
  const [target] = await services.database.db
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, profileId), eq(profiles.organizationId, member.organization.id)));
  if (!target || target.role === 'disabled') throw new AppError('notFound');
  const parsedRole = role === null ? null : parse(projectRoleSchema.safeParse(role));
  await services.transaction(
    async (unit) => {
      const [current] = await unit.tx
        .select()
        .from(projectMembers)
        .where(
          and(eq(projectMembers.projectId, projectId), eq(projectMembers.profileId, profileId)),
        );
      if (current?.role === 'owner' && parsedRole !== 'owner') {
        const [owners] = await unit.tx
          .select({ n: count() })
          .from(projectMembers)
          .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.role, 'owner')));
        if (Number(owners?.n ?? 0) <= 1)
          throw new AppError('lastOwner', { message: 'A project needs at least one owner.' });
      }
      if (parsedRole === null) {
        if (current) await unit.tx.delete(projectMembers).where(eq(projectMembers.id, current.id));
      } else if (current) {
        await unit.tx
          .update(projectMembers)
          .set({ role: parsedRole })
          .where(eq(projectMembers.id, current.id));
      } else {
        await unit.tx.insert(projectMembers).values({
          organizationId: member.organization.id,
          projectId,
          profileId,
          role: parsedRole,
        });
      }
      await unit.record({
        name:
          parsedRole === null
            ? 'projects.removeMember'
            : current
              ? 'projects.changeMemberRole'
              : 'projects.addMember',
        organizationId: member.organization.id,
        projectId,
        actorId: member.profileId,
        subjectType: 'profile',
        subjectId: profileId,
        changes: { from: current?.role ?? null, to: parsedRole },
      });
    },
    { context },
  );
  return listProjectMembers(services, member, projectId);
}

/**
 * Adds a new member to the projects an invitation named (those still in the organisation), inside
 * the caller's transaction.
 */
async function joinProjectsFromInvite(
  tx: Executor,
  organizationId: string,
  profileId: string,
  entries: { id: string; role: string }[],
) {
  if (entries.length === 0) return;
  const existing = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        eq(projects.organizationId, organizationId),
        inArray(
          projects.id,
          entries.map((e) => e.id),
        ),
      ),
    );
  const ids = new Set(existing.map((p) => p.id));
  const rows = entries
    .filter((e) => ids.has(e.id) && projectRoleSchema.safeParse(e.role).success)
    .map((e) => ({ organizationId, projectId: e.id, profileId, role: e.role }));
  if (rows.length) await tx.insert(projectMembers).values(rows).onConflictDoNothing();
}

/** An accepted invitation that names projects joins them in its transaction (decision 009). */
export function registerProjectInvitationJoins(): void {
  onInvitationAccepted('projects', (tx, accepted) =>
    joinProjectsFromInvite(tx, accepted.organizationId, accepted.profileId, accepted.projects),
  );
}
