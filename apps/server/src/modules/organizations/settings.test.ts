import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';

const built = await buildTestApp();

const FULL = `query($slug: String, $id: ID) { fullOrganization(slug: $slug, id: $id) {
  id slug name location license isExpired invalidSubscription billing
  tags { cardTags projectTags } resources { disabled items { id title link } }
  profileDisplayNames { title department aboutMe } projectDefaults { language experiments publicPortal }
  canvasTemplates globalFields promptSettings globalContext limits { project profile cohort }
  membership { role } abilities { edit manageMembers changePlan viewAccessLogs }
} }`;

describe('the full organisation', () => {
  it('loads every field by slug or id for members, with what they may do', async () => {
    const { owner, org } = await ownerWithOrganization(built, { paid: false });
    const bySlug = await onOrg(owner.agent, org.slug, FULL, { slug: org.slug });
    expect(bySlug.data?.fullOrganization).toMatchObject({
      id: org.id,
      name: 'Team',
      license: 'garage',
      isExpired: false,
      invalidSubscription: true,
      billing: {},
      tags: { cardTags: [], projectTags: [] },
      resources: { disabled: false, items: [] },
      profileDisplayNames: { title: 'Title', department: 'Department', aboutMe: 'About me' },
      projectDefaults: { language: 'en-US', experiments: true, publicPortal: false },
      canvasTemplates: { defaultTemplateId: null, templates: [] },
      globalFields: [],
      promptSettings: {
        project: { enabled: false, groups: [] },
        portfolio: { enabled: false, groups: [] },
      },
      globalContext: { context: '', files: [] },
      membership: { role: 'owner' },
      abilities: { edit: true, manageMembers: true, changePlan: true, viewAccessLogs: false },
    });
    const features = (await onOrg(owner.agent, org.slug, '{ fullOrganization { features } }')).data
      ?.fullOrganization as {
      features: string[];
    };
    expect(features.features).toEqual(
      expect.arrayContaining(['glidrai', 'billing', 'experiments']),
    );
    expect(features.features).not.toContain('collections');
    const byId = await owner.agent.gateway(FULL, { id: org.id });
    expect((byId.data?.fullOrganization as { slug: string }).slug).toBe(org.slug);

    const member = await addMember(built, owner.agent, org, 'collaborator');
    const seen = await onOrg(member.agent, org.slug, FULL, {});
    expect(seen.data?.fullOrganization).toMatchObject({
      billing: null,
      abilities: { edit: false, manageMembers: false, changePlan: false, viewAccessLogs: false },
    });
  });

  it('finds nothing of another organisation', async () => {
    const a = await ownerWithOrganization(built);
    const b = await ownerWithOrganization(built);
    const answer = await a.owner.agent.gateway(FULL, { id: b.org.id });
    expect(answer.errors?.[0]?.message).toMatch(/^statusCode:404;/);
    const put = await a.owner.agent.put(`/api/org/organizations/${b.org.id}`, { name: 'Mine now' });
    expect(put.statusCode).toBe(404);
  });
});

describe('updating the organisation', () => {
  it('saves the fields owners and admins change, and refuses bad input without losing data', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const admin = await addMember(built, owner.agent, org, 'admin');
    const host = { host: `${org.slug}.assay.test` };
    const saved = await admin.agent.put(
      `/api/org/organizations/${org.id}`,
      {
        name: 'Team Renamed',
        location: 'Boston, MA',
        tags: { cardTags: ['pricing'], projectTags: ['2026'] },
        projectDefaults: {
          private: true,
          generate: false,
          language: 'fr-FR',
          membership: true,
          experiments: false,
          productHypotheses: true,
          businessHypotheses: true,
          projectOverview: true,
          publicPortal: false,
        },
        profileDisplayNames: { title: 'Role', department: 'Lab', aboutMe: 'Bio' },
      },
      host,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      name: 'Team Renamed',
      location: 'Boston, MA',
      projectDefaults: { language: 'fr-FR' },
    });
    expect(MESSAGES.organizationUpdated).toBe('Your organization has been updated');

    const bad = await admin.agent.put(
      `/api/org/organizations/${org.id}`,
      { name: '', location: 'Elsewhere' },
      host,
    );
    expect(bad.json()).toMatchObject({
      statusCode: 400,
      message: 'Your organization needs a name.',
    });
    const unknown = await admin.agent.put(
      `/api/org/organizations/${org.id}`,
      { license: 'enterprise' },
      host,
    );
    expect(unknown.statusCode).toBe(400);
    const after = await onOrg(
      owner.agent,
      org.slug,
      '{ fullOrganization { name location license tags { cardTags } } }',
    );
    expect(after.data?.fullOrganization).toEqual({
      name: 'Team Renamed',
      location: 'Boston, MA',
      license: 'garage',
      tags: { cardTags: ['pricing'] },
    });
  });

  it('keeps the resources menu, one item at a time or all at once', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const host = { host: `${org.slug}.assay.test` };
    await owner.agent.put(
      `/api/org/organizations/${org.id}/resources`,
      {
        disabled: true,
        items: [{ id: 'guide', title: 'Guide', link: 'https://example.com/guide' }],
      },
      host,
    );
    const one = await owner.agent.put(
      `/api/org/organizations/${org.id}/resources/guide`,
      { link: 'https://example.com/v2' },
      host,
    );
    expect(one.json().resources).toEqual({
      disabled: true,
      items: [{ id: 'guide', title: 'Guide', link: 'https://example.com/v2' }],
    });
    const missing = await owner.agent.put(
      `/api/org/organizations/${org.id}/resources/none`,
      { title: 'x' },
      host,
    );
    expect(missing.statusCode).toBe(404);
    const badLink = await owner.agent.put(
      `/api/org/organizations/${org.id}/resources/guide`,
      { link: 'ftp://x' },
      host,
    );
    expect(badLink.json().message).toBe('Only http and https links work here.');
  });

  it('records the update in the access log', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'business' });
    await owner.agent.put(
      `/api/org/organizations/${org.id}`,
      { location: 'Lisbon' },
      { host: `${org.slug}.assay.test` },
    );
    const logs = await onOrg(
      owner.agent,
      org.slug,
      '{ organizationAccessLogs { activity { action entity } } }',
    );
    expect(logs.data?.organizationAccessLogs).toEqual(
      expect.arrayContaining([{ activity: { action: 'update', entity: 'organization' } }]),
    );
  });
});
