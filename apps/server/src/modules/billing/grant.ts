/**
 * An operator's grant (#30 item 5): a licence until a date, limits, and manual billing (an
 * invoice paid outside the card processor), without touching the database by hand. The
 * organisation row and its `billing.grant` event (access-logged) are written together.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { LICENSES, type OrganizationBilling } from '@assay/domain';
import type { AppServices } from '../../services.ts';
import { organizations } from '../organizations/schema.ts';

const limit = z.number().int().min(0).max(1_000_000).nullable().optional();

export const grantSchema = z.object({
  slug: z.string().trim().min(1, 'Name the organization: --org <slug>'),
  license: z.enum(LICENSES, {
    error: `--license must be one of ${LICENSES.join(', ')}`,
  }),
  /** The last day of the grant (yyyy-mm-dd); the licence ends after it. */
  until: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '--until must be a date written 2027-06-30')
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), '--until is not a date'),
  manual: z.boolean().default(false),
  limits: z.object({ project: limit, profile: limit, cohort: limit }).default({}),
});
export type GrantInput = z.input<typeof grantSchema>;

export class GrantError extends Error {}

export async function grantLicense(
  services: Pick<AppServices, 'database' | 'transaction'>,
  input: GrantInput,
  now = new Date(),
) {
  const parsed = grantSchema.safeParse(input);
  if (!parsed.success) throw new GrantError(parsed.error.issues.map((i) => i.message).join('; '));
  const grant = parsed.data;
  // The licence holds through the whole last day.
  const ends = new Date(`${grant.until}T23:59:59.999Z`);
  if (ends.getTime() <= now.getTime()) throw new GrantError('--until must be in the future');
  return services.transaction(async (unit) => {
    const [organization] = await unit.tx
      .select()
      .from(organizations)
      .where(eq(organizations.slug, grant.slug.toLowerCase()))
      .for('update');
    if (!organization) throw new GrantError(`No organization has the slug “${grant.slug}”.`);
    const billing: OrganizationBilling = {
      ...organization.billing,
      expirationDate: ends.toISOString(),
      ...(grant.manual ? { manual: true, subscriptionState: 'active', pastDue: null } : {}),
    };
    const limits = { ...organization.limits };
    for (const key of ['project', 'profile', 'cohort'] as const)
      if (grant.limits[key] !== undefined) limits[key] = grant.limits[key];
    await unit.tx
      .update(organizations)
      .set({ license: grant.license, billing, limits, updatedAt: now })
      .where(eq(organizations.id, organization.id));
    await unit.record({
      name: 'billing.grant',
      organizationId: organization.id,
      subjectType: 'organization',
      subjectId: organization.id,
      changes: {
        license: grant.license,
        until: grant.until,
        manual: grant.manual,
        limits: grant.limits,
        by: 'operator',
      },
    });
    return {
      organization: organization.slug,
      license: grant.license,
      until: ends.toISOString(),
      manual: billing.manual === true,
      limits,
    };
  });
}
