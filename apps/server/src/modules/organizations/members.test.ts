import { describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import { createAgent, GOOD_PASSWORD, lastMailTo, uniqueEmail } from '../../../test/agent.ts';
import { addMember, invite, onOrg, ownerWithOrganization } from '../../../test/organization.ts';

const built = await buildTestApp();

const COUNTS = '{ memberCounts { active invited pending total } }';
const ROLE =
  'mutation($id: ID!, $role: String!) { updateMemberRole(profileId: $id, role: $role) { id role disabled } }';

describe('members', () => {
  it('lists members with filters and pages, with the total in a header', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    await addMember(built, owner.agent, org, 'collaborator');
    await addMember(built, owner.agent, org, 'admin');
    const all = await owner.agent.get('/api/users/profiles?paginate=true&pageSize=2', {
      host: `${org.slug}.assay.test`,
    });
    expect(all.headers['x-total-count']).toBe('3');
    expect(all.json()).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(all.json().members).toHaveLength(2);
    const admins = await onOrg(
      owner.agent,
      org.slug,
      '{ organizationMembers(filters: { role: "admin" }) { total members { role mfaEnabled } } }',
    );
    expect(admins.data).toEqual({
      organizationMembers: { total: 1, members: [{ role: 'admin', mfaEnabled: false }] },
    });
    const search = await onOrg(
      owner.agent,
      org.slug,
      `{ organizationMembers(filters: { search: "${owner.email}" }) { total } }`,
    );
    expect(search.data).toEqual({ organizationMembers: { total: 1 } });
  });

  it('moves the counts with invitations: resend flags, delete lowers pending, invited and total', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    expect((await onOrg(owner.agent, org.slug, COUNTS)).data).toEqual({
      memberCounts: { active: 1, invited: 0, pending: 0, total: 1 },
    });
    const created = await invite(owner.agent, org.slug, uniqueEmail('a'));
    await invite(owner.agent, org.slug, uniqueEmail('b'));
    expect((await onOrg(owner.agent, org.slug, COUNTS)).data).toEqual({
      memberCounts: { active: 1, invited: 2, pending: 2, total: 3 },
    });
    const id = created.invites[0]?.id;
    const resent = await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!) { resendInvite(id: $id) { resent } }',
      { id },
    );
    expect(resent.data).toEqual({ resendInvite: { resent: true } });
    await onOrg(owner.agent, org.slug, 'mutation($id: ID!) { deleteInvite(id: $id) }', { id });
    expect((await onOrg(owner.agent, org.slug, COUNTS)).data).toEqual({
      memberCounts: { active: 1, invited: 1, pending: 1, total: 2 },
    });
  });

  it('skips addresses already pending and reports members and bad addresses', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const email = uniqueEmail('dup');
    await invite(owner.agent, org.slug, email);
    const answer = await onOrg(
      owner.agent,
      org.slug,
      'mutation($i: [InviteInput!]!) { createInvites(invites: $i) { invites { email } errors { email message } } }',
      {
        i: [
          { email, role: 'collaborator' },
          { email: owner.email, role: 'admin' },
          { email: 'not-an-email', role: 'admin' },
        ],
      },
    );
    expect(answer.data).toEqual({
      createInvites: {
        invites: [],
        errors: [
          { email: 'not-an-email', message: 'The email you entered is invalid' },
          { email: owner.email, message: ERRORS.alreadyMember.message },
        ],
      },
    });
  });

  it('changes roles, disables and enables, and never leaves the organisation without an owner', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const admin = await addMember(built, owner.agent, org, 'admin');
    const collaborator = await addMember(built, owner.agent, org, 'collaborator');
    const ownerProfile = (
      await onOrg(
        owner.agent,
        org.slug,
        '{ organizationMembers(filters: { role: "owner" }) { members { id } } }',
      )
    ).data as {
      organizationMembers: { members: { id: string }[] };
    };
    const ownerId = ownerProfile.organizationMembers.members[0]?.id;

    const promoted = await onOrg(admin.agent, org.slug, ROLE, {
      id: collaborator.profileId,
      role: 'limitedContributor',
    });
    expect(promoted.data).toEqual({
      updateMemberRole: { id: collaborator.profileId, role: 'limitedContributor', disabled: false },
    });
    const adminMakesOwner = await onOrg(admin.agent, org.slug, ROLE, {
      id: collaborator.profileId,
      role: 'owner',
    });
    expect(adminMakesOwner.errors?.[0]?.message).toMatch(/^statusCode:403;/);
    const lastOwner = await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!) { disableMember(profileId: $id) { id } }',
      { id: ownerId },
    );
    expect(lastOwner.errors?.[0]?.message).toContain(ERRORS.lastOwner.message);
    const collaboratorTries = await onOrg(collaborator.agent, org.slug, ROLE, {
      id: admin.profileId,
      role: 'collaborator',
    });
    expect(collaboratorTries.errors?.[0]?.message).toMatch(/^statusCode:403;/);

    const disabled = await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!) { disableMember(profileId: $id) { disabled } }',
      { id: admin.profileId },
    );
    expect(disabled.data).toEqual({ disableMember: { disabled: true } });
    // A disabled member no longer reaches the organisation.
    const shut = await onOrg(admin.agent, org.slug, COUNTS);
    expect(shut.errors?.[0]?.message).toMatch(/^statusCode:404;/);
    const enabled = await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!) { enableMember(profileId: $id, role: "admin") { role } }',
      { id: admin.profileId },
    );
    expect(enabled.data).toEqual({ enableMember: { role: 'admin' } });

    // With a second owner, the first may step down.
    await onOrg(owner.agent, org.slug, ROLE, { id: admin.profileId, role: 'owner' });
    const stepDown = await onOrg(owner.agent, org.slug, ROLE, { id: ownerId, role: 'admin' });
    expect(stepDown.data).toEqual({
      updateMemberRole: { id: ownerId, role: 'admin', disabled: false },
    });
  });

  it('never reaches another organisation through the header or the host', async () => {
    const a = await ownerWithOrganization(built);
    const b = await ownerWithOrganization(built);
    const viaHost = await onOrg(a.owner.agent, b.org.slug, COUNTS);
    expect(viaHost.errors?.[0]?.message).toMatch(/^statusCode:404;/);
    const viaHeader = await a.owner.agent.post(
      '/api/gateway/query',
      { query: COUNTS },
      { host: 'app.assay.test', 'x-organization-id': b.org.id },
    );
    expect(viaHeader.json().errors[0].message).toMatch(/^statusCode:404;/);
    const list = await a.owner.agent.get('/api/users/profiles', {
      host: `${b.org.slug}.assay.test`,
    });
    expect(list.statusCode).toBe(404);
  });
});

describe('access logs', () => {
  const LOGS = '{ organizationAccessLogs { actor ip device activity { service action entity } } }';

  it('records sign-ins, invitations and role changes, shown on business plans to admins', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'business' });
    const member = await addMember(built, owner.agent, org, 'collaborator');
    await onOrg(owner.agent, org.slug, ROLE, { id: member.profileId, role: 'admin' });
    const browser = createAgent(built.app, { ip: '10.77.0.1' });
    await browser.post(
      '/api/auth/session',
      { email: owner.email, password: GOOD_PASSWORD },
      {
        host: `${org.slug}.assay.test`,
        'x-organization-slug': org.slug,
        'user-agent': 'Log Test Browser',
      },
    );
    const logs = (await onOrg(owner.agent, org.slug, LOGS)).data?.organizationAccessLogs as {
      actor: string;
      ip: string;
      device: string;
      activity: { service: string; action: string; entity: string };
    }[];
    const actions = logs.map((l) => `${l.activity.service}.${l.activity.action}`);
    expect(actions).toEqual(
      expect.arrayContaining(['auth.create', 'organizations.updateRole', 'organizations.create']),
    );
    const signIn = logs.find((l) => l.activity.service === 'auth');
    expect(signIn).toMatchObject({
      ip: '10.77.0.1',
      device: 'Log Test Browser',
      actor: 'Ada Lovelace',
    });
    // Another browser signs in on the app host and moves to the organisation: the handoff is
    // logged with its address (a handoff works only in the browser that asked for it).
    const second = createAgent(built.app, { ip: '10.77.0.2' });
    await second.post('/api/auth/session', { email: owner.email, password: GOOD_PASSWORD });
    const handoff = await second.post('/api/auth/handoff', { organizationId: org.id });
    const link = new URL(handoff.json().url as string);
    await second.get(`${link.pathname}${link.search}`, { host: link.host });
    const afterHandoff = (await onOrg(owner.agent, org.slug, LOGS)).data
      ?.organizationAccessLogs as { ip: string; activity: { service: string } }[];
    expect(afterHandoff.filter((l) => l.activity.service === 'auth').map((l) => l.ip)).toEqual(
      expect.arrayContaining(['10.77.0.1', '10.77.0.2']),
    );
    const created = afterHandoff.find((l) => l.activity.service === 'organizations');
    expect(created?.ip).toBeTruthy();

    const mine = await onOrg(
      owner.agent,
      org.slug,
      `{ profileAccessLogs(profileId: "${member.profileId}") { activity { action } } }`,
    );
    expect((mine.data?.profileAccessLogs as unknown[]).length).toBeGreaterThan(0);

    // The member is an admin now, so the log is theirs to read too.
    const adminView = await onOrg(member.agent, org.slug, LOGS);
    expect(adminView.data?.organizationAccessLogs).toEqual(expect.any(Array));
  });

  it('refuses the log below the business plan', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'team' });
    const answer = await onOrg(owner.agent, org.slug, LOGS);
    expect(answer.errors?.[0]?.message).toMatch(/^statusCode:403;/);
  });
});

describe('plan limits', () => {
  it('stops invitations at the profile limit and lets members ask the owners', async () => {
    // Garage: 3 users.
    const { owner, org } = await ownerWithOrganization(built);
    const member = await addMember(built, owner.agent, org, 'collaborator');
    const answer = await onOrg(
      owner.agent,
      org.slug,
      'mutation($i: [InviteInput!]!) { createInvites(invites: $i) { invites { email } errors { email message } } }',
      {
        i: [
          { email: uniqueEmail('third'), role: 'collaborator' },
          { email: uniqueEmail('fourth'), role: 'collaborator' },
        ],
      },
    );
    const result = answer.data?.createInvites as {
      invites: unknown[];
      errors: { message: string }[];
    };
    expect(result.invites).toHaveLength(1);
    expect(result.errors.map((e) => e.message)).toEqual([ERRORS.profileLimitReached.message]);
    const full = await onOrg(
      owner.agent,
      org.slug,
      '{ fullOrganization { limits { profile project } profileLimitReached } }',
    );
    expect(full.data).toEqual({
      fullOrganization: { limits: { profile: 3, project: 3 }, profileLimitReached: true },
    });

    const asked = await onOrg(
      member.agent,
      org.slug,
      'mutation { requestOwnerApproval(feature: "More members", message: "We hired two") }',
    );
    expect(asked.data).toEqual({ requestOwnerApproval: 1 });
    const mail = await lastMailTo(built.services, owner.email);
    expect(mail?.subject).toBe(`Ada Lovelace asks for More members in Team`);
    expect(mail?.text).toContain('They wrote: We hired two');
    // It waits in the owners' inbox too, from the member who asked (the mail is not sent twice),
    // written by the event's handler after the commit (a busy machine may take over a second).
    await vi.waitFor(
      async () => {
        const inbox = await onOrg(
          owner.agent,
          org.slug,
          '{ notifications(section: "inbox") { notifications { action section title actor { firstName } } } }',
        );
        expect(inbox.data?.notifications).toEqual({
          notifications: [
            {
              action: 'request',
              section: 'inbox',
              title: 'More members',
              actor: { firstName: 'Ada' },
            },
          ],
        });
      },
      { timeout: 10_000 },
    );
    expect((await lastMailTo(built.services, owner.email))?.subject).toBe(mail?.subject);
  });
});
