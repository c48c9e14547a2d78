/** Mention suggestions: active members who can see the project, matching the search, up to 5. */
import { and, asc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import { LIMITS } from '@assay/domain';
import type { MemberContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { profiles } from '../organizations/schema.ts';
import { projectMembers } from '../projects/schema.ts';
import { workspaceAccess } from './access.ts';
import { containsPattern } from '../../platform/db/like.ts';

export async function mentionSuggestions(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  search: string,
) {
  const { project } = await workspaceAccess(services, member, projectId);
  const conditions: SQL[] = [
    eq(profiles.organizationId, member.organization.id),
    ne(profiles.role, 'disabled'),
  ];
  const text = search.trim().slice(0, 100);
  if (text) {
    const pattern = containsPattern(text);
    conditions.push(
      or(
        ilike(profiles.firstName, pattern),
        ilike(profiles.lastName, pattern),
        ilike(profiles.email, pattern),
      ) as SQL,
    );
  }
  if (project.settings.private) {
    const members = await services.database.db
      .select({ id: projectMembers.profileId })
      .from(projectMembers)
      .where(eq(projectMembers.projectId, projectId));
    conditions.push(
      or(
        inArray(profiles.role, ['owner', 'admin']),
        inArray(
          profiles.id,
          members.map((m) => m.id),
        ),
      ) as SQL,
    );
  }
  return services.database.db
    .select({
      profileId: profiles.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      image: profiles.image,
      bgColor: profiles.bgColor,
    })
    .from(profiles)
    .where(and(...conditions))
    .orderBy(asc(profiles.firstName), asc(profiles.lastName))
    .limit(LIMITS.mentionSuggestions);
}
