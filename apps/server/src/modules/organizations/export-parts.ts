/**
 * What an organisation export (#29) carries of the organisation itself: its settings (tags,
 * templates, fields, defaults) and its members with their roles. Read for the exports module.
 */
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';
import { organizations, profiles } from './schema.ts';

export async function organizationExportParts(db: Executor, organizationId: string) {
  const [organization] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!organization) return null;
  const members = await db
    .select({
      profileId: profiles.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      email: profiles.email,
      role: profiles.role,
      joinedAt: profiles.createdAt,
    })
    .from(profiles)
    .where(eq(profiles.organizationId, organizationId))
    .orderBy(asc(profiles.createdAt));
  return {
    organization: {
      id: organization.id,
      name: organization.name,
      slug: organization.slug,
      license: organization.license,
      tags: organization.tags,
      canvasTemplates: organization.canvasTemplates,
      globalFields: organization.globalFields,
      projectDefaults: organization.projectDefaults,
      profileDisplayNames: organization.profileDisplayNames,
      learning: organization.learning,
      createdAt: organization.createdAt.toISOString(),
    },
    members: members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() })),
  };
}
