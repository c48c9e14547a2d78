/**
 * The organisation's evidence locker (part 2 §6): a pseudo-project every member writes evidence
 * to, outside any project; made on first use, by a paid organisation whose plan has it (#48).
 */
import { and, eq } from 'drizzle-orm';
import { DEFAULT_PROJECT_SETTINGS } from '@assay/domain';
import { requireFeature, type MemberContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { assertPaid } from './paid.ts';
import { projects } from './schema.ts';

/** The organisation's evidence locker (made on first use): a pseudo-project every member writes to. */
export async function evidenceLockerProject(services: AppServices, member: MemberContext) {
  // Checkout sells it with Business AI (#48 item 4): the feature alert names that plan.
  requireFeature(member, 'evidenceLocker');
  const find = () =>
    services.database.db
      .select()
      .from(projects)
      .where(and(eq(projects.organizationId, member.organization.id), eq(projects.kind, 'locker')))
      .limit(1);
  let [locker] = await find();
  if (!locker) {
    // Made on first use, by a paid organisation only (#48: not a way around the checkout).
    assertPaid(member);
    await services.database.db
      .insert(projects)
      .values({
        organizationId: member.organization.id,
        kind: 'locker',
        name: 'Evidence locker',
        settings: { ...DEFAULT_PROJECT_SETTINGS, membership: true, private: false },
      })
      .onConflictDoNothing();
    [locker] = await find();
  }
  if (!locker) throw new Error('evidence locker could not be made');
  return locker;
}
