/** Exporting a whole organisation (#29): an owner's, one at a time, made by a job, mailed, expiring. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@assay/domain';
import { lastMailTo } from '../../../test/agent.ts';
import { buildTestApp } from '../../../test/app.ts';
import { createProjectIn, publishedHypothesis } from '../../../test/cards.ts';
import { addMember, ownerWithOrganization } from '../../../test/organization.ts';
import { unzip } from '../../../test/zip.ts';
import { purgeDueOrganizations } from '../organizations/deletion.ts';
import { removeExpiredExports, runOrganizationExport } from './organization-export.ts';
import { organizationExports } from './schema.ts';

const built = await buildTestApp();
const { services } = built;
const db = services.database.db;
const DAY = 24 * 60 * 60 * 1000;

interface ExportView {
  id: string;
  status: string;
  expiresAt: string | null;
}

describe('organisation export', () => {
  it('is asked for by an owner, once at a time however many ask; the job writes every project and the members into one zip and mails the link', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const admin = await addMember(built, owner.agent, org, 'admin');
    const first = await createProjectIn(owner.agent, org.slug, 'Laveries à Lisboa');
    await publishedHypothesis(owner.agent, org.slug, first, 'Students hate the laundry');
    await createProjectIn(owner.agent, org.slug, 'Second');
    const base = `/api/org/organizations/${org.id}/exports`;

    expect((await admin.agent.post(base, {})).statusCode).toBe(403);
    // 40 at once: one export is made, the others are told one is under way.
    const asked = await Promise.all(Array.from({ length: 40 }, () => owner.agent.post(base, {})));
    const made = asked.filter((r) => r.statusCode === 200);
    expect(made).toHaveLength(1);
    for (const refused of asked.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ ref: ERRORS.exportInProgress.ref });
    }
    const { id } = made[0]!.json() as ExportView;
    const download = `${base}/${id}/download`;
    expect((await owner.agent.get(download)).json()).toMatchObject({
      ref: ERRORS.exportNotReady.ref,
    });

    // The job (from the queue in the app; here, without one, at once). Taken once: a second run
    // (a retry, another instance) finds it taken and does nothing.
    await runOrganizationExport(services, id);
    await expect
      .poll(async () => ((await owner.agent.get(base)).json() as ExportView[])[0]?.status)
      .toBe('ready');
    const [listed] = (await owner.agent.get(base)).json() as ExportView[];
    expect(listed).toMatchObject({ id, status: 'ready', expired: false });
    const mail = await lastMailTo(services, owner.email);
    expect(mail?.subject).toBe('Your export of Team is ready');
    expect(mail?.text).toContain(download);

    expect((await admin.agent.get(download)).statusCode).toBe(403);
    const answer = await owner.agent.get(download);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    const entries = await unzip(answer.rawPayload);
    const organization = JSON.parse(entries.get('organization.json')!.toString('utf8')) as {
      format: string;
      organization: { name: string };
      members: { email: string; role: string }[];
      projects: { id: string; name: string; file: string }[];
    };
    expect(organization).toMatchObject({ format: 'assay.organization', schemaVersion: 1 });
    expect(organization.organization.name).toBe('Team');
    expect(organization.members.map((m) => [m.email, m.role]).sort()).toEqual(
      [
        [owner.email, 'owner'],
        [admin.email, 'admin'],
      ].sort(),
    );
    expect(entries.get('members.csv')!.toString('utf8')).toContain(`${admin.email},admin`);
    expect(organization.projects.map((p) => p.name).sort()).toEqual([
      'Laveries à Lisboa',
      'Second',
    ]);
    // Each project is its own export, as the project's settings page gives it.
    const lisboa = organization.projects.find((p) => p.id === first)!;
    const inner = await unzip(entries.get(lisboa.file)!);
    const graph = JSON.parse(inner.get('project.json')!.toString('utf8')) as {
      project: { id: string };
      cards: { title: string }[];
    };
    expect(graph.project.id).toBe(first);
    expect(graph.cards.map((c) => c.title)).toContain('Students hate the laundry');

    // A new one may be asked for now; the old link expires after 7 days and its file goes.
    expect((await owner.agent.post(base, {})).statusCode).toBe(200);
    const [ready] = await db
      .select()
      .from(organizationExports)
      .where(eq(organizationExports.id, id));
    expect(await services.storage.read(ready!.storageKey!)).not.toBeNull();
    // The sweep, a week on: this organisation's expired export files go.
    expect(
      await removeExpiredExports(services, new Date(Date.now() + 8 * DAY), [org.id]),
    ).toBeGreaterThan(0);
    expect(await services.storage.read(ready!.storageKey!)).toBeNull();
    const [swept] = await db
      .select()
      .from(organizationExports)
      .where(eq(organizationExports.id, id));
    expect(swept?.storageKey).toBeNull();
    await db
      .update(organizationExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(organizationExports.id, id));
    const expired = await owner.agent.get(download);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ ref: ERRORS.exportExpired.ref });
  });

  it('can be taken out while a deletion waits, and goes with the organisation', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    await createProjectIn(owner.agent, org.slug, 'Last');
    const scheduled = await owner.agent.delete(`/api/org/organizations/${org.id}`, {
      confirm: 'Team',
    });
    expect(scheduled.statusCode).toBe(200);
    const asked = await owner.agent.post(`/api/org/organizations/${org.id}/exports`, {});
    expect(asked.statusCode).toBe(200);
    const { id } = asked.json() as ExportView;
    await expect
      .poll(
        async () =>
          (await db.select().from(organizationExports).where(eq(organizationExports.id, id)))[0]
            ?.status,
      )
      .toBe('ready');
    const [row] = await db.select().from(organizationExports).where(eq(organizationExports.id, id));
    expect(
      (await owner.agent.get(`/api/org/organizations/${org.id}/exports/${id}/download`)).statusCode,
    ).toBe(200);
    await purgeDueOrganizations(services, new Date(Date.now() + 15 * DAY), [org.id]);
    expect(await services.storage.read(row!.storageKey!)).toBeNull();
  });
});
