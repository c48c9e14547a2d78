/** Transferring ownership (#29): one step, never without an owner, once however often asked. */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import { lastMailTo } from '../../../test/agent.ts';
import { addMember, ownerWithOrganization } from '../../../test/organization.ts';
import { accessLogs, profiles } from './schema.ts';

const built = await buildTestApp();
const db = built.services.database.db;

const roleOf = async (profileId: string) =>
  (await db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, profileId)))[0]
    ?.role;

describe('transferring ownership', () => {
  it('makes the member an owner and the giver an admin, mails both and logs it', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const colleague = await addMember(built, owner.agent, org, 'collaborator');
    const [me] = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.organizationId, org.id), eq(profiles.role, 'owner')));
    const url = `/api/org/organizations/${org.id}/ownership`;

    // Not to oneself, not to someone outside, not by a non-owner.
    const self = await owner.agent.post(url, { profileId: me!.id });
    expect(self.json()).toMatchObject({ statusCode: 400, ref: ERRORS.ownershipToSelf.ref });
    const stranger = await ownerWithOrganization(built);
    const outside = await owner.agent.post(url, {
      profileId: (
        await db
          .select({ id: profiles.id })
          .from(profiles)
          .where(eq(profiles.organizationId, stranger.org.id))
      )[0]!.id,
    });
    expect(outside.statusCode).toBe(404);
    const notOwner = await colleague.agent.post(url, { profileId: me!.id });
    expect(notOwner.statusCode).toBe(403);
    const bad = await owner.agent.post(url, { profileId: 'nobody' });
    expect(bad.json()).toMatchObject({
      statusCode: 400,
      message: 'Choose a member to hand the organization to.',
    });

    const handed = await owner.agent.post(url, { profileId: colleague.profileId });
    expect(handed.statusCode).toBe(200);
    expect(handed.json()).toMatchObject({
      owner: { id: colleague.profileId, role: 'owner' },
      formerOwner: { id: me!.id, role: 'admin' },
    });
    expect(await roleOf(colleague.profileId)).toBe('owner');
    expect(await roleOf(me!.id)).toBe('admin');
    expect((await lastMailTo(built.services, colleague.email))?.subject).toBe(
      'You are now an owner of Team',
    );
    expect((await lastMailTo(built.services, owner.email))?.subject).toContain(
      'You handed Team to',
    );
    await expect
      .poll(async () =>
        (
          await db
            .select({ action: accessLogs.action })
            .from(accessLogs)
            .where(eq(accessLogs.organizationId, org.id))
        ).map((r) => r.action),
      )
      .toContain('transferOwnership');
    // The former owner is an admin now: handing it back is the new owner's to do.
    expect((await owner.agent.post(url, { profileId: colleague.profileId })).statusCode).toBe(403);
    const back = await colleague.agent.post(url, { profileId: me!.id });
    expect(back.json()).toMatchObject({ owner: { id: me!.id, role: 'owner' } });
  });

  it('hands over once when asked 40 times at once, to 8 members', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const members = await Promise.all(
      Array.from({ length: 8 }, () => addMember(built, owner.agent, org, 'collaborator')),
    );
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => members[i % members.length]!).map((m) =>
        owner.agent.post(`/api/org/organizations/${org.id}/ownership`, { profileId: m.profileId }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 403)).toHaveLength(39);
    const owners = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.organizationId, org.id), eq(profiles.role, 'owner')));
    expect(owners).toHaveLength(1);
  });
});
