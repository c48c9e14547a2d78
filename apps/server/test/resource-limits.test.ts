/**
 * Issue #47 item 5, resource exhaustion: thirty aliased searches emptied the database pool for
 * every tenant; organisation exports were unlimited, each a full copy kept 7 days; uploads never
 * recorded stayed forever; a link signed before an organisation's deletion still wrote into its
 * folder; project exports and upload signing were unlimited reads.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@assay/domain';
import { buildTestApp } from './app.ts';
import { createProjectIn } from './cards.ts';
import { onOrg, ownerWithOrganization } from './organization.ts';
import { TINY_PNG, uploadAs } from './uploads.ts';
import { until } from './until.ts';
import { organizationExports } from '../src/modules/exports/schema.ts';
import { removeAbandonedUploads } from '../src/modules/media/pending-uploads.ts';
import { organizations } from '../src/modules/organizations/schema.ts';

const built = await buildTestApp();
const limited = await buildTestApp({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '3' } });
const db = built.services.database.db;

describe('costly work is bounded', () => {
  it('weighs a search like the costly field it is: thirty aliases are refused, two run', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const search = (n: number) =>
      onOrg(
        owner.agent,
        org.slug,
        `{ ${Array.from({ length: n }, (_, i) => `s${i}: globalSearch(text: "price") { id }`).join(' ')} }`,
      );
    const refused = await search(30);
    expect(refused.data ?? undefined).toBeUndefined();
    expect(refused.errors?.[0]?.message).toContain(`ref:${ERRORS.queryTooCostly.ref}`);
    expect((await search(2)).errors).toBeUndefined();
  });

  it('makes three organisation exports a day, keeps only the newest file, and forty asks at once make one', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const ask = () => owner.agent.post(`/api/org/organizations/${org.id}/exports`);
    const answers = await Promise.all(Array.from({ length: 40 }, ask));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const rows = () =>
      db.select().from(organizationExports).where(eq(organizationExports.organizationId, org.id));
    // The background run makes each; wait until none is pending.
    const settled = () => until(rows, (all) => all.every((r) => r.status !== 'pending'));
    const first = (await settled()).find((r) => r.status === 'ready')!;
    expect(await built.services.storage.read(first.storageKey!)).toBeTruthy();
    expect((await ask()).statusCode).toBe(200);
    await settled();
    // The newest is ready; the first's file is gone and its link expired.
    expect(await built.services.storage.read(first.storageKey!)).toBeFalsy();
    const download = await owner.agent.get(
      `/api/org/organizations/${org.id}/exports/${first.id}/download`,
    );
    expect(download.statusCode).not.toBe(200);
    expect((await ask()).statusCode).toBe(200);
    const fourth = await ask();
    expect(fourth.json()).toMatchObject({ ref: ERRORS.exportsPerDayUsed.ref });
  });

  it('refuses a link signed before the organisation’s deletion was asked for', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const query = new URLSearchParams({
      filename: 'pic.png',
      collection: 'organizations',
      locationId: org.id,
    });
    const signed = (
      await owner.agent.get(`/api/media/sign?${query.toString()}`, {
        host: `${org.slug}.assay.test`,
      })
    ).json() as { url: string; key: string };
    await db
      .update(organizations)
      .set({ deletionDueAt: new Date(Date.now() + 14 * 86_400_000) })
      .where(eq(organizations.id, org.id));
    const put = await built.app.inject({
      method: 'PUT',
      url: signed.url,
      headers: { 'content-type': 'application/octet-stream' },
      payload: TINY_PNG,
    });
    expect(put.statusCode).toBe(403);
    expect(await built.services.storage.read(signed.key)).toBeFalsy();
  });

  it('removes an upload never recorded after a day, and keeps a recorded one', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = `${org.slug}.assay.test`;
    const target = { host, collection: 'organizations', locationId: org.id };
    const abandoned = await uploadAs(built, owner.agent, target);
    const kept = await uploadAs(built, owner.agent, target);
    const recorded = await owner.agent.post(
      `/api/org/organizations/${org.id}/media`,
      { key: kept },
      { host },
    );
    expect(recorded.statusCode, recorded.body).toBe(200);
    // An hour later nothing goes; a day later the abandoned file does.
    expect(await removeAbandonedUploads(built.services, new Date(Date.now() + 3_600_000))).toBe(0);
    await removeAbandonedUploads(built.services, new Date(Date.now() + 25 * 3_600_000));
    expect(await built.services.storage.read(abandoned)).toBeFalsy();
    expect(await built.services.storage.read(kept)).toBeTruthy();
  });

  it('limits upload signing and project exports as writes are limited', async () => {
    const { owner, org } = await ownerWithOrganization(limited, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const projectId = await createProjectIn(owner.agent, org.slug, 'Limited');
    const sign = () =>
      owner.agent.get(
        `/api/media/sign?filename=a.png&collection=organizations&locationId=${org.id}`,
        host,
      );
    const signs = await Promise.all(Array.from({ length: 40 }, sign));
    expect(signs.filter((s) => s.statusCode === 200)).toHaveLength(3);
    expect(signs.filter((s) => s.statusCode === 429)).toHaveLength(37);
    const zip = () => owner.agent.get(`/api/proj/projects/${projectId}/export/project.zip`, host);
    const exports = await Promise.all(Array.from({ length: 10 }, zip));
    expect(exports.filter((s) => s.statusCode === 200)).toHaveLength(3);
  });
});
