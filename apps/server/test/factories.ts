/** Factories: each test makes its own organisation (and, with later modules, members, projects…). */
import { randomBytes } from 'node:crypto';
import { slugify } from '@assay/domain';
import type { Executor } from '../src/platform/db/index.ts';
import { organizations, type OrganizationRow } from '../src/modules/organizations/schema.ts';

export async function createOrganization(
  db: Executor,
  overrides: Partial<Pick<OrganizationRow, 'name' | 'slug' | 'license'>> = {},
): Promise<OrganizationRow> {
  const suffix = randomBytes(4).toString('hex');
  const name = overrides.name ?? `Org ${suffix}`;
  const [row] = await db
    .insert(organizations)
    .values({
      name,
      slug: overrides.slug ?? `${slugify(name)}${suffix}`,
      license: overrides.license ?? 'garage',
    })
    .returning();
  if (!row) throw new Error('organization insert returned no row');
  return row;
}
