import { describe, expect, it } from 'vitest';
import { ERRORS } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import { signUpUser } from '../../../test/factories.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';

const built = await buildTestApp();

const CREATE =
  'mutation($input: CreateProjectInput!) { createProject(input: $input) { id name status role settings { private experiments } abilities { manage openWorkspace } } }';
const LIST = '{ projects { counts { active backlog archive } projects { name status } } }';

describe('projects', () => {
  it('creates with the name rules and the organisation defaults, and lists with counts', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const empty = await onOrg(owner.agent, org.slug, CREATE, { input: { name: ' "." ' } });
    expect(empty.errors?.[0]?.message).toContain('message:Your project needs a name.');
    const created = await onOrg(owner.agent, org.slug, CREATE, {
      input: { name: '<Acme> Checkout{}', experiments: false },
    });
    expect(created.data?.createProject).toMatchObject({
      name: 'Acme Checkout',
      status: 'active',
      role: 'owner',
      settings: { private: false, experiments: false },
      abilities: { manage: true, openWorkspace: true },
    });
    const long = await onOrg(owner.agent, org.slug, CREATE, { input: { name: 'x'.repeat(80) } });
    expect((long.data?.createProject as { name: string }).name).toHaveLength(50);
    const list = await onOrg(owner.agent, org.slug, LIST);
    expect(list.data?.projects).toMatchObject({ counts: { active: 2, backlog: 0, archive: 0 } });
  });

  it('asks a drafted project for a description of the minimum length and a language (#30)', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const short = await onOrg(owner.agent, org.slug, CREATE, {
      input: { name: 'Bakery', description: 'Bread for cafés.', generate: true },
    });
    expect(short.errors?.[0]?.message).toContain(
      'message:Your project description must be at least the minimum characters',
    );
    const noLanguage = await onOrg(owner.agent, org.slug, CREATE, {
      input: { name: 'Bakery', language: '' },
    });
    expect(noLanguage.errors?.[0]?.message).toContain('message:Please choose a language.');
    // Without the agent a description is optional, and a long one drafts.
    const plain = await onOrg(owner.agent, org.slug, CREATE, { input: { name: 'Plain' } });
    expect(plain.errors).toBeUndefined();
    expect((await onOrg(owner.agent, org.slug, LIST)).data?.projects).toMatchObject({
      counts: { active: 1 },
    });
  });

  it('lets an AI tier have projects only once it has a plan, through the gateway as through the onboarding (#30)', async () => {
    const { owner, org } = await ownerWithOrganization(built, { paid: false }); // Garage AI
    const refused = await onOrg(owner.agent, org.slug, CREATE, {
      input: { name: 'Skipped checkout' },
    });
    expect(refused.errors?.[0]?.message).toContain(`message:${ERRORS.planRequired.message}`);
    // Forty at once: none gets through.
    const many = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        onOrg(owner.agent, org.slug, CREATE, { input: { name: `P${i}` } }),
      ),
    );
    expect(many.every((a) => a.errors?.[0]?.message.includes('ref:2090'))).toBe(true);
    expect((await onOrg(owner.agent, org.slug, LIST)).data?.projects).toMatchObject({
      counts: { active: 0 },
    });
    // Paid: it goes.
    const token = (
      await owner.agent.post('/api/payments/sandbox/js/v1/token', {
        first_name: 'Ada',
        last_name: 'Lovelace',
        number: '4111111111111111',
        month: '12',
        year: String(new Date().getFullYear() + 2),
        cvv: '123',
      })
    ).json() as { id: string };
    const paid = await owner.agent.post(`/api/org/organizations/${org.id}/subscription`, {
      planCode: 'aiMonthly',
      paymentToken: token.id,
    });
    expect(paid.statusCode).toBe(201);
    expect(
      (await onOrg(owner.agent, org.slug, CREATE, { input: { name: 'After checkout' } })).errors,
    ).toBeUndefined();
    // A plan that is not an AI tier has no checkout to skip.
    const other = await ownerWithOrganization(built, { license: 'business', paid: false });
    expect(
      (await onOrg(other.owner.agent, other.org.slug, CREATE, { input: { name: 'Plain' } })).errors,
    ).toBeUndefined();
  });

  it('enforces the monthly project allocation', async () => {
    const { owner, org } = await ownerWithOrganization(built); // Garage: 3 a month
    for (const name of ['One', 'Two', 'Three'])
      await onOrg(owner.agent, org.slug, CREATE, { input: { name } });
    const fourth = await onOrg(owner.agent, org.slug, CREATE, { input: { name: 'Four' } });
    expect(fourth.errors?.[0]?.message).toContain(
      `message:${ERRORS.projectAllocationExceeded.message}`,
    );
  });

  it('moves projects between statuses with the counts following, never below zero', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const id = (
      (await onOrg(owner.agent, org.slug, CREATE, { input: { name: 'Moving' } })).data
        ?.createProject as { id: string }
    ).id;
    const STATUS =
      'mutation($id: ID!, $s: String!) { updateProject(id: $id, input: { status: $s }) { status } }';
    await onOrg(owner.agent, org.slug, STATUS, { id, s: 'archive' });
    expect((await onOrg(owner.agent, org.slug, LIST)).data?.projects).toMatchObject({
      counts: { active: 0, backlog: 0, archive: 1 },
    });
    await onOrg(owner.agent, org.slug, STATUS, { id, s: 'backlog' });
    expect((await onOrg(owner.agent, org.slug, LIST)).data?.projects).toMatchObject({
      counts: { active: 0, backlog: 1, archive: 0 },
    });
    const bad = await onOrg(owner.agent, org.slug, STATUS, { id, s: 'deleted' });
    expect(bad.errors?.[0]?.message).toMatch(/^statusCode:400;/);
    expect(
      (await onOrg(owner.agent, org.slug, 'mutation($id: ID!) { deleteProject(id: $id) }', { id }))
        .data,
    ).toEqual({ deleteProject: true });
    expect((await onOrg(owner.agent, org.slug, LIST)).data?.projects).toMatchObject({
      counts: { active: 0, backlog: 0, archive: 0 },
      projects: [],
    });
  });

  it('keeps private projects to their members and admins, and settings and tags to managers', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const collaborator = await addMember(built, owner.agent, org, 'collaborator');
    const id = (
      (await onOrg(owner.agent, org.slug, CREATE, { input: { name: 'Secret' } })).data
        ?.createProject as { id: string }
    ).id;
    const host = { host: `${org.slug}.assay.test` };
    const settings = await owner.agent.put(
      `/api/proj/projects/${id}/settings`,
      { private: true, timeline: false },
      host,
    );
    expect(settings.json().settings).toMatchObject({
      private: true,
      timeline: false,
      experiments: true,
    });
    expect((await collaborator.agent.get(`/api/proj/projects/${id}`, host)).statusCode).toBe(404);
    expect((await onOrg(collaborator.agent, org.slug, LIST)).data?.projects).toMatchObject({
      projects: [],
    });

    await onOrg(
      owner.agent,
      org.slug,
      'mutation($p: ID!, $m: ID!) { setProjectMember(projectId: $p, profileId: $m, role: "viewer") { role } }',
      {
        p: id,
        m: collaborator.profileId,
      },
    );
    const seen = await collaborator.agent.get(`/api/proj/projects/${id}`, host);
    expect(seen.json()).toMatchObject({
      name: 'Secret',
      role: 'viewer',
      abilities: { manage: false, openWorkspace: true },
    });
    expect(
      (await collaborator.agent.post(`/api/proj/projects/${id}/tags/fintech`, {}, host)).statusCode,
    ).toBe(403);
    const tagged = await owner.agent.post(`/api/proj/projects/${id}/tags/fintech`, {}, host);
    expect(tagged.json().projectTags).toEqual(['fintech']);
    const ownerProfile = (await onOrg(owner.agent, org.slug, '{ profile { id } }')).data
      ?.profile as { id: string };
    const lastOwner = await onOrg(
      owner.agent,
      org.slug,
      'mutation($p: ID!, $m: ID!) { setProjectMember(projectId: $p, profileId: $m, role: null) { role } }',
      { p: id, m: ownerProfile.id },
    );
    expect(lastOwner.errors?.[0]?.message).toContain('A project needs at least one owner.');
  });

  it('keeps every switch of settings changed at once (the database merges them)', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const created = await onOrg(owner.agent, org.slug, CREATE, { input: { name: 'Switches' } });
    const id = (created.data?.createProject as { id: string }).id;
    const keys = ['experiments', 'timeline', 'productStatus', 'productTheme', 'projectOverview'];
    // 40 requests at once, each turning one switch off (eight rounds over five switches).
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        onOrg(
          owner.agent,
          org.slug,
          'mutation($id: ID!, $s: JSON!) { updateProjectSettings(id: $id, settings: $s) { id } }',
          { id, s: { [keys[n % keys.length] as string]: false } },
        ),
      ),
    );
    for (const answer of answers) expect(answer.errors).toBeUndefined();
    const read = await onOrg(
      owner.agent,
      org.slug,
      'query($id: ID!) { project(id: $id) { settings { experiments timeline productStatus productTheme projectOverview } } }',
      { id },
    );
    expect(read.data?.project).toEqual({
      settings: Object.fromEntries(keys.map((k) => [k, false])),
    });
  });

  it('never shows another organisation’s project', async () => {
    const a = await ownerWithOrganization(built, { license: 'enterprise' });
    const b = await ownerWithOrganization(built, { license: 'enterprise' });
    const id = (
      (await onOrg(b.owner.agent, b.org.slug, CREATE, { input: { name: 'Theirs' } })).data
        ?.createProject as { id: string }
    ).id;
    const answer = await onOrg(a.owner.agent, a.org.slug, '{ project(id: "' + id + '") { name } }');
    expect(answer.errors?.[0]?.message).toContain(`message:${ERRORS.projectNotFound.message}`);
  });
});

describe('invitations with project roles', () => {
  it('adds the new member to the projects the invitation named', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const id = (
      (await onOrg(owner.agent, org.slug, CREATE, { input: { name: 'Shared' } })).data
        ?.createProject as { id: string }
    ).id;
    const newcomer = await signUpUser(built);
    const invited = await onOrg(
      owner.agent,
      org.slug,
      'mutation($i: [InviteInput!]!) { createInvites(invites: $i) { invites { id } errors { message } } }',
      {
        i: [{ email: newcomer.email, role: 'collaborator', projects: [{ id, role: 'commenter' }] }],
      },
    );
    expect(invited.data?.createInvites).toMatchObject({ errors: [] });
    await newcomer.agent.post('/api/users/profiles', {}, { 'x-organization-id': org.id });
    const members = await onOrg(
      owner.agent,
      org.slug,
      '{ projectMembers(projectId: "' + id + '") { email role } }',
    );
    expect(members.data?.projectMembers).toEqual(
      expect.arrayContaining([{ email: newcomer.email, role: 'commenter' }]),
    );
  });
});
