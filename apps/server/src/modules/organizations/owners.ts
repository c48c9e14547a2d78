/** The owners of an organisation, as mail goes to them (deletion, billing). */
import { and, eq } from 'drizzle-orm';
import type { AppServices } from '../../services.ts';
import { profiles } from './schema.ts';

/** The owners' addresses. */
export async function ownerEmails(services: AppServices, organizationId: string) {
  const rows = await services.database.db
    .select({ email: profiles.email })
    .from(profiles)
    .where(and(eq(profiles.organizationId, organizationId), eq(profiles.role, 'owner')));
  return rows.map((r) => r.email);
}
