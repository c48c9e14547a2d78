/**
 * Single sign-on (issue #25) against real identity providers started here: oidc-provider for
 * OpenID Connect and a samlify SAML provider. Sign-in lands in the organisation with a session
 * scoped to it; tampered, expired, replayed, wrong-audience and wrong-recipient answers are
 * refused with the catalogue's message; "require SSO" refuses passwords for members but not
 * owners; just-in-time membership gives the settings' role.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import { createAgent, GOOD_PASSWORD, uniqueEmail, type Agent } from '../../../test/agent.ts';
import {
  readAuthnRequest,
  signInAtOidcProvider,
  startOidcProvider,
  startSamlIdp,
  type OidcProvider,
  type SamlIdp,
} from '../../../test/identity-providers.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { verifyDomainByMail } from '../../../test/sso.ts';
import { organizations } from '../organizations/schema.ts';
import { organizationSso } from '../organizations/sso-schema.ts';

const built = await buildTestApp();
const running: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const server of running) await server.close();
});

type ServiceProvider = {
  oidcRedirectUri: string;
  samlEntityId: string;
  samlAcsUrl: string;
  startUrl: string;
};

let ipCounter = 0;
const browser = () =>
  createAgent(built.app, { ip: `10.77.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

async function enterpriseOrganization() {
  const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
  const settings = (
    await owner.agent.get('/api/org/sso', { 'x-organization-id': org.id })
  ).json() as {
    serviceProvider: ServiceProvider;
  };
  return { owner, org, sp: settings.serviceProvider };
}

async function saveSettings(agent: Agent, orgId: string, settings: Record<string, unknown>) {
  return agent.put('/api/org/sso', settings, { 'x-organization-id': orgId });
}

/** Follows the handoff into the organisation; answers the member's view of it. */
async function landIn(agent: Agent, slug: string, handoffUrl: string) {
  const url = new URL(handoffUrl);
  expect(url.host).toBe(`${slug}.assay.test`);
  const redeemed = await agent.get(pathOf(handoffUrl), { host: url.host });
  expect(redeemed.statusCode, redeemed.body).toBe(303);
  return onOrg(agent, slug, '{ fullOrganization { id } me { email } }');
}

const refusedWith = (location: string | undefined, code: keyof typeof ERRORS) => {
  expect(location).toContain(`/sign-in?ssoError=${ERRORS[code].ref}`);
};

describe('single sign-on through OpenID Connect', async () => {
  const { owner, org, sp } = await enterpriseOrganization();
  const provider: OidcProvider = await startOidcProvider([
    { clientId: 'assay', clientSecret: 'assay-client-secret', redirectUris: [sp.oidcRedirectUri] },
  ]);
  running.push(provider);

  /** Starts at Assay, signs in at the provider, answers the callback (not yet followed). */
  async function throughProvider(agent: Agent, email: string) {
    const start = await agent.get(pathOf(sp.startUrl) + '?path=/projects');
    expect(start.statusCode).toBe(303);
    return signInAtOidcProvider(String(start.headers.location), email);
  }

  it('is set by an owner on Enterprise, with the secret sealed and never shown', async () => {
    const saved = await saveSettings(owner.agent, org.id, {
      enabled: true,
      protocol: 'oidc',
      oidcIssuer: provider.issuer,
      oidcClientId: 'assay',
      oidcClientSecret: 'assay-client-secret',
      allowedDomains: ['example.com'],
      requireSso: true,
      jitRole: 'collaborator',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ enabled: true, oidcClientSecretSaved: true });
    // Nobody at example.com signs in until the organisation proves it owns the domain.
    expect(saved.json().domains).toMatchObject([{ domain: 'example.com', verified: false }]);
    await verifyDomainByMail(built, owner.agent, org.id, 'example.com');
    expect(saved.body).not.toContain('assay-client-secret');
    const [row] = await built.services.database.db
      .select()
      .from(organizationSso)
      .where(eq(organizationSso.organizationId, org.id));
    expect(row?.oidcClientSecret).toBeTruthy();
    expect(row?.oidcClientSecret).not.toContain('assay-client-secret');
    // The slug check tells the sign-in page to send members to the provider.
    const head = await createAgent(built.app).request(
      'HEAD',
      `/api/auth/organizations/${org.slug}`,
    );
    expect(head.headers['x-sso']).toBe('true');
    // A wrong issuer shows at once.
    const wrong = await saveSettings(owner.agent, org.id, {
      enabled: true,
      protocol: 'oidc',
      oidcIssuer: 'http://127.0.0.1:9/nothing',
      oidcClientId: 'assay',
    });
    expect(wrong.json()).toMatchObject({ ref: ERRORS.ssoInvalidSettings.ref });
  });

  it('is refused to non-owners and to plans without it', async () => {
    const admin = await addMember(built, owner.agent, org, 'admin');
    const asAdmin = await saveSettings(admin.agent, org.id, { enabled: false, protocol: 'oidc' });
    expect(asAdmin.json()).toMatchObject({ ref: ERRORS.forbidden.ref });
    const business = await ownerWithOrganization(built, { license: 'businessAI' });
    const notInPlan = await business.owner.agent.get('/api/org/sso', {
      'x-organization-id': business.org.id,
    });
    expect(notInPlan.json()).toMatchObject({ ref: ERRORS.featureUnavailable.ref });
  });

  it('signs a new person in, just in time, into a session scoped to the organisation', async () => {
    const email = uniqueEmail('ada').replace(/@.*/, '@example.com');
    const agent = browser();
    const callback = await throughProvider(agent, email);
    expect(callback.href.startsWith(sp.oidcRedirectUri)).toBe(true);
    const answer = await agent.get(pathOf(callback.href));
    expect(answer.statusCode, answer.body).toBe(303);
    const landed = await landIn(agent, org.slug, String(answer.headers.location));
    expect(landed.data).toEqual({ fullOrganization: { id: org.id }, me: { email } });
    const members = await onOrg(
      owner.agent,
      org.slug,
      '{ organizationMembers { members { email role } } }',
    );
    const page = members.data?.organizationMembers as {
      members: { email: string; role: string }[];
    };
    expect(page.members.find((m) => m.email === email)?.role).toBe('collaborator');

    // The provider vouched for this organisation only: not another one, not the account itself.
    const other = await ownerWithOrganization(built);
    const elsewhere = await onOrg(agent, other.org.slug, '{ fullOrganization { id } }');
    expect(elsewhere.data?.fullOrganization ?? null).toBeNull();
    const changeEmail = await onOrg(
      agent,
      org.slug,
      'mutation { changeEmail(email: "x@evil.example") }',
    );
    expect(changeEmail.errors?.[0]?.message).toContain(`ref:${ERRORS.forbidden.ref}`);

    // The same answer a second time (a replay) is refused.
    const replay = await agent.get(pathOf(callback.href));
    refusedWith(String(replay.headers.location), 'ssoExpired');
  });

  it('refuses a tampered state or code, another browser, and an address outside the domains', async () => {
    const callback = await throughProvider(
      browser(),
      uniqueEmail('t').replace(/@.*/, '@example.com'),
    );
    const badState = new URL(callback);
    badState.searchParams.set('state', 'forged-state');
    refusedWith(
      String((await browser().get(pathOf(badState.href))).headers.location),
      'ssoExpired',
    );

    const agent = browser();
    const fresh = await throughProvider(agent, uniqueEmail('c').replace(/@.*/, '@example.com'));
    const badCode = new URL(fresh);
    badCode.searchParams.set('code', 'forged-code');
    refusedWith(String((await agent.get(pathOf(badCode.href))).headers.location), 'ssoFailed');

    // Started in one browser, finished in another: refused.
    const stolen = await throughProvider(
      browser(),
      uniqueEmail('s').replace(/@.*/, '@example.com'),
    );
    refusedWith(String((await browser().get(pathOf(stolen.href))).headers.location), 'ssoExpired');

    const outsider = browser();
    const outside = await throughProvider(
      outsider,
      uniqueEmail('o').replace(/@.*/, '@elsewhere.org'),
    );
    refusedWith(
      String((await outsider.get(pathOf(outside.href))).headers.location),
      'ssoDomainNotAllowed',
    );
  });

  it('refuses password sign-in to members when SSO is required, not to owners', async () => {
    const member = await addMember(built, owner.agent, org, 'collaborator');
    const refused = await browser().post('/api/auth/session', {
      email: member.email,
      password: GOOD_PASSWORD,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      ref: ERRORS.ssoRequired.ref,
      message: ERRORS.ssoRequired.message,
      organizationSlug: org.slug,
    });
    const ownerSignIn = await browser().post('/api/auth/session', {
      email: owner.email,
      password: GOOD_PASSWORD,
    });
    expect(ownerSignIn.statusCode).toBe(200);
  });
  it('stops with the plan: a downgrade turns single sign-on and its requirement off', async () => {
    const member = await addMember(built, owner.agent, org, 'collaborator');
    await built.services.database.db
      .update(organizations)
      .set({ license: 'businessAI' })
      .where(eq(organizations.id, org.id));
    const head = await createAgent(built.app).request(
      'HEAD',
      `/api/auth/organizations/${org.slug}`,
    );
    expect(head.headers['x-sso']).toBe('false');
    refusedWith(
      String((await browser().get(pathOf(sp.startUrl))).headers.location),
      'ssoNotConfigured',
    );
    const password = await browser().post('/api/auth/session', {
      email: member.email,
      password: GOOD_PASSWORD,
    });
    expect(password.statusCode).toBe(200);
  });
});

describe('single sign-on through SAML 2.0', async () => {
  const { owner, org, sp } = await enterpriseOrganization();
  const idp: SamlIdp = await startSamlIdp({ entityId: sp.samlEntityId, acsUrl: sp.samlAcsUrl });
  running.push(idp);
  const saved = await saveSettings(owner.agent, org.id, {
    enabled: true,
    protocol: 'saml',
    samlMetadataXml: idp.metadataXml,
    allowedDomains: ['example.com'],
    requireSso: false,
    jitRole: null,
  });
  await verifyDomainByMail(built, owner.agent, org.id, 'example.com');

  /** Starts at Assay in this browser: answers the request id the provider must answer. */
  async function startAt(agent: Agent): Promise<string> {
    const start = await agent.get(pathOf(sp.startUrl));
    expect(start.statusCode).toBe(303);
    const location = String(start.headers.location);
    expect(location.startsWith(`${idp.origin}/sso?SAMLRequest=`)).toBe(true);
    return readAuthnRequest(location).id;
  }

  /** The provider's form post, from its own site, as the browser would send it. */
  const post = (agent: Agent, samlResponse: string) =>
    built.app.inject({
      method: 'POST',
      url: pathOf(sp.samlAcsUrl),
      remoteAddress: agentIp.get(agent) ?? '10.0.0.1',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'cross-site',
        origin: idp.origin,
      },
      payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '' }).toString(),
    });
  const agentIp = new Map<Agent, string>();
  const samlBrowser = () => {
    const ip = `10.78.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
    const agent = createAgent(built.app, { ip });
    agentIp.set(agent, ip);
    return agent;
  };

  it('reads the provider from its metadata', () => {
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().samlIdp).toEqual({ entityId: idp.entityId, ssoUrl: `${idp.origin}/sso` });
  });

  it('signs an invited person in with a signed assertion, once', async () => {
    const email = uniqueEmail('grace');
    const invitedBy = await onOrg(
      owner.agent,
      org.slug,
      'mutation($i: [InviteInput!]!) { createInvites(invites: $i) { errors { message } } }',
      { i: [{ email, role: 'collaborator' }] },
    );
    expect(invitedBy.errors).toBeUndefined();
    const agent = samlBrowser();
    const answer = await idp.respond(await startAt(agent), email);
    const accepted = await post(agent, answer);
    expect(accepted.statusCode).toBe(303);
    const landed = await landIn(agent, org.slug, String(accepted.headers.location));
    expect(landed.data).toEqual({ fullOrganization: { id: org.id }, me: { email } });
    refusedWith(String((await post(agent, answer)).headers.location), 'ssoExpired');
  });

  it('takes an answer once when it is posted forty times at once', async () => {
    const email = uniqueEmail('par');
    await onOrg(
      owner.agent,
      org.slug,
      'mutation($i: [InviteInput!]!) { createInvites(invites: $i) { errors { message } } }',
      { i: [{ email, role: 'collaborator' }] },
    );
    const agent = samlBrowser();
    const answer = await idp.respond(await startAt(agent), email);
    const answers = await Promise.all(Array.from({ length: 40 }, () => post(agent, answer)));
    const handoffs = answers.filter((a) =>
      String(a.headers.location).includes('/api/auth/handoff'),
    );
    expect(handoffs).toHaveLength(1);
    expect(answers.every((a) => a.statusCode === 303)).toBe(true);
  });

  it('refuses tampered, expired, wrong-audience, wrong-recipient and unsolicited answers', async () => {
    const email = uniqueEmail('eve');
    const cases: [string, (agent: Agent) => Promise<string>, keyof typeof ERRORS][] = [
      [
        'tampered',
        async (agent) => {
          const signed = Buffer.from(
            await idp.respond(await startAt(agent), email),
            'base64',
          ).toString();
          return Buffer.from(signed.replace(email, `boss.${email}`)).toString('base64');
        },
        'ssoFailed',
      ],
      [
        'expired',
        async (agent) =>
          idp.respond(await startAt(agent), email, {
            notOnOrAfter: new Date(Date.now() - 10 * 60_000),
          }),
        'ssoFailed',
      ],
      [
        'wrong audience',
        async (agent) =>
          idp.respond(await startAt(agent), email, { audience: 'https://other.example/sp' }),
        'ssoFailed',
      ],
      [
        'wrong recipient',
        async (agent) =>
          idp.respond(await startAt(agent), email, { recipient: 'https://other.example/acs' }),
        'ssoFailed',
      ],
      [
        'another issuer, signed with the provider’s key',
        async (agent) =>
          idp.respond(await startAt(agent), email, { issuer: 'https://other.example/idp' }),
        'ssoFailed',
      ],
      ['unsolicited', async () => idp.respond('_never-asked-for', email), 'ssoExpired'],
    ];
    for (const [name, make, code] of cases) {
      const agent = samlBrowser();
      const answer = await post(agent, await make(agent));
      expect(answer.statusCode, name).toBe(303);
      expect(String(answer.headers.location), name).toContain(`ssoError=${ERRORS[code].ref}`);
    }
  });

  it('refuses a person who is neither a member nor invited when membership is not just in time', async () => {
    const agent = samlBrowser();
    const answer = await post(
      agent,
      await idp.respond(await startAt(agent), uniqueEmail('stranger')),
    );
    refusedWith(String(answer.headers.location), 'ssoNotAMember');
  });

  it('publishes the service provider metadata', async () => {
    const metadata = await createAgent(built.app).get(pathOf(sp.samlEntityId));
    expect(metadata.statusCode).toBe(200);
    expect(metadata.body).toContain(`entityID="${sp.samlEntityId}"`);
    expect(metadata.body).toContain(`Location="${sp.samlAcsUrl}"`);
  });
});
