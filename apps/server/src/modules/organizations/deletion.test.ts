/** Deleting an organisation (#29): asked by an owner, closed for 14 days, restorable, then gone. */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERRORS, SANDBOX_TEST_CARDS, TIMERS } from '@assay/domain';
import { lastMailTo } from '../../../test/agent.ts';
import { buildTestApp } from '../../../test/app.ts';
import { createProjectIn } from '../../../test/cards.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { users } from '../auth/schema.ts';
import { media } from '../media/schema.ts';
import { projects } from '../projects/schema.ts';
import { purgeDueOrganizations } from './deletion.ts';
import { accessLogs, organizations } from './schema.ts';

const built = await buildTestApp();
const { services } = built;
const db = services.database.db;
const DAY = 24 * 60 * 60 * 1000;

async function subscribe(agent: Parameters<typeof createProjectIn>[0], orgId: string) {
  const token = (
    await agent.post('/api/payments/sandbox/js/v1/token', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      number: SANDBOX_TEST_CARDS.success,
      month: '12',
      year: String(new Date().getFullYear() + 3),
      cvv: '123',
    })
  ).json() as { id: string };
  const created = await agent.post(`/api/org/organizations/${orgId}/subscription`, {
    planCode: 'aiMonthly',
    paymentToken: token.id,
  });
  expect(created.statusCode).toBe(201);
}

const organizationRow = async (id: string) =>
  (await db.select().from(organizations).where(eq(organizations.id, id)))[0];

const actions = async (organizationId: string, action: string) =>
  (
    await db
      .select({ id: accessLogs.id })
      .from(accessLogs)
      .where(and(eq(accessLogs.organizationId, organizationId), eq(accessLogs.action, action)))
  ).length;

describe('deleting an organisation', () => {
  it('is an owner’s, confirmed by its name, once however often asked; it closes, its subscription stops, and an owner restores it once', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    await subscribe(owner.agent, org.id);
    const colleague = await addMember(built, owner.agent, org, 'admin');
    const base = `/api/org/organizations/${org.id}`;

    // Not an admin's to ask, and not without the name typed exactly.
    const byAdmin = await colleague.agent.request('DELETE', base, { confirm: 'Team' });
    expect(byAdmin.statusCode).toBe(403);
    const misspelt = await owner.agent.request('DELETE', base, { confirm: 'team' });
    expect(misspelt.statusCode).toBe(400);
    expect(misspelt.json()).toMatchObject({ ref: ERRORS.organizationNameMismatch.ref });
    const missing = await owner.agent.request('DELETE', base, {});
    expect(missing.statusCode).toBe(400);
    expect((await organizationRow(org.id))?.deletionDueAt).toBeNull();

    // 40 at once: one schedules it, the others are told it is scheduled already.
    const asked = await Promise.all(
      Array.from({ length: 40 }, () => owner.agent.request('DELETE', base, { confirm: 'Team' })),
    );
    const scheduled = asked.filter((r) => r.statusCode === 200);
    expect(scheduled).toHaveLength(1);
    for (const refused of asked.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ ref: ERRORS.deletionAlreadyScheduled.ref });
    }
    const due = new Date((scheduled[0]!.json() as { deletionDueAt: string }).deletionDueAt);
    const days = (due.getTime() - Date.now()) / DAY;
    expect(days).toBeGreaterThan(TIMERS.organizationDeletionGraceDays - 0.01);
    expect(days).toBeLessThanOrEqual(TIMERS.organizationDeletionGraceDays);
    expect(await actions(org.id, 'scheduleDeletion')).toBe(1);

    // The subscription no longer renews; the owner is told when it goes.
    const row = await organizationRow(org.id);
    const uuid = (row?.billing as { subscriptionUUID?: string }).subscriptionUUID!;
    expect((await services.payments.getSubscription(uuid)).state).toBe('canceled');
    expect((await lastMailTo(services, owner.email))?.subject).toMatch(
      /^Team will be deleted on \w+ \d+, \d{4}$/,
    );

    // Closed: nobody works in it, the bootstrap says when it goes.
    const closed = await onOrg(colleague.agent, org.slug, '{ projects { counts { active } } }');
    expect(closed.errors?.[0]?.message).toContain(String(ERRORS.organizationClosing.ref));
    const boot = await colleague.agent.get('/api/bootstrap', { host: `${org.slug}.assay.test` });
    expect(boot.json()).toMatchObject({ organization: { deletionDueAt: due.toISOString() } });
    // Not due yet: the sweep leaves it.
    expect(await purgeDueOrganizations(services, new Date(), [org.id])).toBe(0);

    // Restored by an owner only, once however often asked; the organisation opens again.
    const restoreByAdmin = await colleague.agent.post(`${base}/restore`, {});
    expect(restoreByAdmin.statusCode).toBe(403);
    const restores = await Promise.all(
      Array.from({ length: 40 }, () => owner.agent.post(`${base}/restore`, {})),
    );
    expect(restores.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const refused of restores.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ ref: ERRORS.deletionNotScheduled.ref });
    }
    expect(await actions(org.id, 'restore')).toBe(1);
    expect((await organizationRow(org.id))?.deletionDueAt).toBeNull();
    expect((await lastMailTo(services, owner.email))?.subject).toBe('Team was restored');
    const open = await onOrg(colleague.agent, org.slug, '{ projects { counts { active } } }');
    expect(open.errors).toBeUndefined();
  });

  it('removes the organisation, its projects and its files once its grace period is over, once', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug, 'Going');
    const key = `organizations/${org.id}/test/original.txt`;
    await services.storage.write(key, Buffer.from('evidence'));
    const [profile] = await db
      .select({ id: projects.createdByProfileId })
      .from(projects)
      .where(eq(projects.id, projectId));
    await db.insert(media).values({
      organizationId: org.id,
      collection: 'organizations',
      subjectId: org.id,
      uploadedBy: profile!.id!,
      path: key,
      size: 8,
      filename: 'original.txt',
      fileType: 'document',
      contentType: 'text/plain',
    });
    const asked = await owner.agent.request('DELETE', `/api/org/organizations/${org.id}`, {
      confirm: 'Team',
    });
    expect(asked.statusCode).toBe(200);

    // Two sweeps at once past the due date (two instances): it goes once.
    const later = new Date(Date.now() + (TIMERS.organizationDeletionGraceDays + 1) * DAY);
    const swept = await Promise.all([
      purgeDueOrganizations(services, later, [org.id]),
      purgeDueOrganizations(services, later, [org.id]),
    ]);
    expect(swept[0]! + swept[1]!).toBe(1);
    expect(await organizationRow(org.id)).toBeUndefined();
    expect(await db.select().from(projects).where(eq(projects.id, projectId))).toEqual([]);
    expect(await services.storage.read(key)).toBeNull();
    expect((await lastMailTo(services, owner.email))?.subject).toBe('Team was deleted');
    // The owner's account stays (they may belong elsewhere).
    expect(await db.select().from(users).where(eq(users.email, owner.email))).toHaveLength(1);
    // Restoring is too late now.
    const late = await owner.agent.post(`/api/org/organizations/${org.id}/restore`, {});
    expect(late.statusCode).toBe(404);
  });
});
