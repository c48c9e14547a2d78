/** Leaving an organisation (#29): a member ends their membership; the last owner stays. */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@assay/domain';
import { lastMailTo } from '../../../test/agent.ts';
import { buildTestApp } from '../../../test/app.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { accessLogs, profiles } from './schema.ts';

const built = await buildTestApp();
const db = built.services.database.db;

const ownersOf = async (organizationId: string) =>
  db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.organizationId, organizationId), eq(profiles.role, 'owner')));

describe('leaving an organisation', () => {
  it('ends the membership, keeps the person’s work, and leaves a trace in the access log', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const colleague = await addMember(built, owner.agent, org, 'collaborator');
    const left = await colleague.agent.delete(`/api/org/organizations/${org.id}/membership`);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ left: true });
    // Gone from the organisation: the gateway no longer lets them in, the owner sees them disabled.
    const after = await onOrg(colleague.agent, org.slug, '{ projects { counts { active } } }');
    expect(after.errors?.[0]?.message).toMatch(/statusCode:(401|403|404)/);
    const [row] = await db.select().from(profiles).where(eq(profiles.id, colleague.profileId));
    expect(row?.role).toBe('disabled');
    await expect
      .poll(async () =>
        (
          await db
            .select({ action: accessLogs.action })
            .from(accessLogs)
            .where(eq(accessLogs.profileId, colleague.profileId))
        ).map((r) => r.action),
      )
      .toContain('leave');
    // The owner is told who left.
    expect((await lastMailTo(built.services, owner.email))?.subject).toMatch(/ left Team$/);
    // Once only: leaving again finds no membership.
    const again = await colleague.agent.delete(`/api/org/organizations/${org.id}/membership`);
    expect([401, 403, 404]).toContain(again.statusCode);
  });

  it('keeps the last owner, who makes someone else owner first', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const refused = await owner.agent.delete(`/api/org/organizations/${org.id}/membership`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ ref: ERRORS.lastOwner.ref });
    expect(await ownersOf(org.id)).toHaveLength(1);
  });

  it('never leaves an organisation without an owner, however many leave or demote at once', async () => {
    // Eight organisations with two owners each; in each, both owners leave and each demotes the
    // other, all at the same moment (forty requests and more in flight).
    const teams = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
        const second = await addMember(built, owner.agent, org, 'owner');
        const [first] = (await ownersOf(org.id)).filter((p) => p.id !== second.profileId);
        return { org, first: { agent: owner.agent, id: first?.id ?? '' }, second };
      }),
    );
    const demote = (agent: (typeof teams)[number]['second']['agent'], slug: string, id: string) =>
      onOrg(
        agent,
        slug,
        'mutation($id: ID!) { updateMemberRole(profileId: $id, role: "admin") { id } }',
        {
          id,
        },
      );
    await Promise.all(
      teams.flatMap(({ org, first, second }) => [
        first.agent.delete(`/api/org/organizations/${org.id}/membership`),
        second.agent.delete(`/api/org/organizations/${org.id}/membership`),
        demote(first.agent, org.slug, second.profileId),
        demote(second.agent, org.slug, first.id),
        first.agent.delete(`/api/org/organizations/${org.id}/membership`),
        second.agent.delete(`/api/org/organizations/${org.id}/membership`),
      ]),
    );
    for (const { org } of teams) expect(await ownersOf(org.id)).toHaveLength(1);
  });
});
