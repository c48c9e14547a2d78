import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import {
  createAgent,
  GOOD_PASSWORD,
  lastMailTo,
  tokenFrom,
  uniqueEmail,
} from '../../../test/agent.ts';
import { signUpUser } from '../../../test/factories.ts';
import {
  CREATE_INVITES,
  invite,
  onOrg,
  ownerWithOrganization,
} from '../../../test/organization.ts';

const built = await buildTestApp();

describe('invitations', () => {
  it('lets a newcomer create an account from an invitation and join as invited', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const email = uniqueEmail('invitee');
    const invited = await invite(owner.agent, org.slug, email, 'admin');
    expect(invited.invites).toHaveLength(1);
    const mail = await lastMailTo(built.services, email);
    expect(mail?.subject).toBe('You are invited to Team on Assay');
    const token = tokenFrom(mail?.text);
    const agent = createAgent(built.app);
    const described = (await agent.get(`/api/auth/token?token=${token}`)).json();
    expect(described).toMatchObject({
      kind: 'invite',
      email,
      organization: { id: org.id, slug: org.slug },
      userExists: false,
    });
    const created = await agent.post('/api/auth/users', {
      token,
      firstName: 'Grace',
      lastName: 'Hopper',
      password: GOOD_PASSWORD,
    });
    expect(created.json().organization).toMatchObject({ id: org.id });
    expect((await agent.get('/api/org/organizations')).json()).toEqual([
      expect.objectContaining({ id: org.id, role: 'admin' }),
    ]);
  });

  it('lets an existing user accept, and refuses with ref 7 once rescinded', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const member = await signUpUser(built);
    const first = (await invite(owner.agent, org.slug, member.email)).invites[0];
    expect((await lastMailTo(built.services, member.email))?.text).toContain(
      `/sign-in?invite=${org.id}`,
    );

    const other = await signUpUser(built);
    const second = (await invite(owner.agent, org.slug, other.email)).invites[0];
    const deleted = await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!) { deleteInvite(id: $id) }',
      {
        id: second?.id,
      },
    );
    expect(deleted.data).toEqual({ deleteInvite: true });
    const refused = await other.agent.post(
      '/api/users/profiles',
      {},
      { 'x-organization-id': org.id },
    );
    expect(refused.json()).toEqual({
      statusCode: 403,
      ref: 7,
      message:
        'Unable to join org, invite has either expired or been rescinded. Please contact the org admin.',
    });

    const joined = await member.agent.post(
      '/api/users/profiles',
      {},
      { 'x-organization-id': org.id },
    );
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toMatchObject({ role: 'collaborator', organization: { id: org.id } });
    expect(first?.status).toBe('pending');
  });

  it('only lets members invite, and only owners and admins among them', async () => {
    const { org } = await ownerWithOrganization(built);
    const stranger = await signUpUser(built);
    const answer = await onOrg(stranger.agent, org.slug, CREATE_INVITES, {
      invites: [{ email: uniqueEmail(), role: 'admin' }],
    });
    expect(answer.errors?.[0]?.message).toMatch(/^statusCode:404;/);
  });
});

describe('moving to an organisation subdomain', () => {
  it('hands the session to the subdomain with a single-use token', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const handoff = await owner.agent.post('/api/auth/handoff', {
      organizationId: org.id,
      path: '/home',
    });
    const url = new URL(handoff.json().url as string);
    expect(url.host).toBe(`${org.slug}.assay.test`);
    // the same browser (its address and user agent) goes to the subdomain
    const browser = owner.agent;
    const redeemed = await browser.get(`${url.pathname}${url.search}`, { host: url.host });
    expect(redeemed.statusCode).toBe(303);
    expect(redeemed.headers.location).toBe('/home');
    expect((await browser.get('/api/auth/me')).json().email).toBe(owner.email);
    const again = await createAgent(built.app).get(`${url.pathname}${url.search}`, {
      host: url.host,
    });
    expect(again.headers.location).toBe('/token-error');
  });

  it('sends a handoff only to a path on the same site, and only to the browser that asked (#25)', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    for (const path of ['/\\evil.example/phish', '//evil.example/x', 'https://evil.example/']) {
      const handoff = await owner.agent.post('/api/auth/handoff', { organizationId: org.id, path });
      const url = new URL(handoff.json().url as string);
      const redeemed = await owner.agent.get(`${url.pathname}${url.search}`, { host: url.host });
      expect(redeemed.statusCode).toBe(303);
      expect(redeemed.headers.location).toBe('/');
    }
    const kept = await owner.agent.post('/api/auth/handoff', {
      organizationId: org.id,
      path: '/workspace/1?view=map#top',
    });
    const keptUrl = new URL(kept.json().url as string);
    expect(
      (
        await owner.agent.get(`${keptUrl.pathname}${keptUrl.search}`, {
          host: keptUrl.host,
        })
      ).headers.location,
    ).toBe('/workspace/1?view=map#top');

    // A link made in one browser, opened in another (another address): no session there; the
    // browser that asked can still use it within its minute.
    const made = await owner.agent.post('/api/auth/handoff', { organizationId: org.id });
    const link = new URL(made.json().url as string);
    const victim = createAgent(built.app, { ip: '10.99.0.7' });
    const forced = await victim.get(`${link.pathname}${link.search}`, { host: link.host });
    expect(forced.headers.location).toBe('/token-error');
    expect((await victim.get('/api/auth/me', { host: link.host })).statusCode).toBe(401);
    expect(victim.cookies.has('assay_session')).toBe(false);
    const late = await owner.agent.get(`${link.pathname}${link.search}`, { host: link.host });
    expect(late.headers.location).toBe('/');
  });

  it('refuses a handoff to an organisation the user is not in', async () => {
    const { org } = await ownerWithOrganization(built);
    const stranger = await signUpUser(built);
    const response = await stranger.agent.post('/api/auth/handoff', { organizationId: org.id });
    expect(response.statusCode).toBe(403);
  });
});

describe('hosts and cross-site requests', () => {
  it('redirects page loads per the host rules', async () => {
    const { org } = await ownerWithOrganization(built);
    const agent = createAgent(built.app);
    const bare = await agent.get('/workspace/1', { host: 'assay.test' });
    expect(bare.headers.location).toBe('http://app.assay.test/workspace/1');
    const unknown = await agent.get('/', { host: 'nosuchorg.assay.test' });
    expect(unknown.headers.location).toBe('http://app.assay.test/sign-in');
    const signUpOnOrg = await agent.get('/sign-up/email?x=1', { host: `${org.slug}.assay.test` });
    expect(signUpOnOrg.headers.location).toBe('http://app.assay.test/sign-up/email?x=1');
    const orgsOnOrg = await agent.get('/organizations', { host: `${org.slug}.assay.test` });
    expect(orgsOnOrg.headers.location).toBe('http://app.assay.test/organizations');
    const orgPage = await agent.get('/', { host: `${org.slug}.assay.test` });
    expect(orgPage.statusCode).not.toBe(302);
    const appPage = await agent.get('/sign-up', { host: 'app.assay.test' });
    expect(appPage.statusCode).not.toBe(302);
  });

  it('refuses state-changing requests from other sites', async () => {
    const agent = createAgent(built.app);
    const evil = await agent.post(
      '/api/auth/signups',
      { email: uniqueEmail() },
      { origin: 'https://evil.example' },
    );
    expect(evil.json()).toMatchObject({
      statusCode: 403,
      message: 'This request came from another site and was refused.',
    });
    const fetchSite = await agent.post(
      '/api/auth/signups',
      { email: uniqueEmail() },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(fetchSite.statusCode).toBe(403);
    const own = await agent.post(
      '/api/auth/signups',
      { email: uniqueEmail() },
      { origin: 'http://acme.assay.test' },
    );
    expect(own.statusCode).toBe(202);
    const sameHost = await agent.post(
      '/api/auth/signups',
      { email: uniqueEmail() },
      { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' },
    );
    expect(sameHost.statusCode).toBe(202);
  });
});

describe('bootstrap', () => {
  it('tells the web app its host, organisation, membership and user', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const onOrg = await owner.agent.get('/api/bootstrap', { host: `${org.slug}.assay.test` });
    expect(onOrg.json()).toMatchObject({
      appDomain: 'assay.test',
      appOrigin: 'http://app.assay.test',
      host: 'organization',
      organization: { id: org.id, slug: org.slug, name: 'Team' },
      membership: { role: 'owner' },
      user: { email: owner.email },
      devInbox: true,
    });
    const anonymous = await createAgent(built.app).get('/api/bootstrap', {
      host: 'app.assay.test',
    });
    expect(anonymous.json()).toMatchObject({
      host: 'app',
      organization: null,
      user: null,
      sessionId: null,
    });
  });

  it('lists the pending invitations of the signed-in user', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const member = await signUpUser(built);
    await invite(owner.agent, org.slug, member.email);
    const list = await member.agent.get('/api/auth/invites');
    expect(list.json()).toEqual([
      expect.objectContaining({
        role: 'collaborator',
        organization: expect.objectContaining({ id: org.id }),
      }),
    ]);
  });
});
