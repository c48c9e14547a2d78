/**
 * "Require SSO" (issue #25): a member of an organisation that requires single sign-on may not
 * sign in with a password — else a password session could hand off into that organisation. Its
 * owners keep the password (and two-step verification) as their recovery path, should the
 * identity provider fail.
 */
import { and, eq, ne } from 'drizzle-orm';
import { licenseAllows, type License } from '@assay/domain';
import type { Executor } from '../../platform/db/index.ts';
import { organizations, profiles } from './schema.ts';
import { organizationSso } from './sso-schema.ts';

/** The organisation (slug) whose single sign-on this person must use, or null. */
export async function requiredSsoOf(db: Executor, userId: string): Promise<string | null> {
  const rows = await db
    .select({ slug: organizations.slug, license: organizations.license, role: profiles.role })
    .from(profiles)
    .innerJoin(organizations, eq(organizations.id, profiles.organizationId))
    .innerJoin(organizationSso, eq(organizationSso.organizationId, organizations.id))
    .where(
      and(
        eq(profiles.userId, userId),
        ne(profiles.role, 'disabled'),
        eq(organizationSso.enabled, true),
        eq(organizationSso.requireSso, true),
      ),
    );
  const binding = rows.filter(
    (r) => licenseAllows(r.license as License, 'singleSignOn') && r.role !== 'owner',
  );
  return binding[0]?.slug ?? null;
}
