/**
 * Issue #47 item 1, single sign-on account takeover: an organisation's identity provider may
 * assert any address. It signs in only addresses at domains the organisation proved it owns (a
 * DNS TXT record read from a DNS server, or a mail to an administrative mailbox), only addresses
 * the provider verified, and only accounts their owner allowed for that organisation (a mailed
 * link, or being signed in with their password); every sign-in and link is told by mail.
 * Against real providers (oidc-provider) and a real DNS server on loopback.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import {
  createAgent,
  GOOD_PASSWORD,
  lastMailTo,
  tokenFrom,
  uniqueEmail,
  type Agent,
} from '../../../test/agent.ts';
import { startDnsServer } from '../../../test/dns-server.ts';
import { signUpUser } from '../../../test/factories.ts';
import {
  signInAtOidcProvider,
  startOidcProvider,
  type OidcProvider,
} from '../../../test/identity-providers.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { verifyDomainByMail } from '../../../test/sso.ts';
import { mailOutbox } from '../../platform/mail/schema.ts';
import { ssoDomains } from './schema.ts';

const dns = await startDnsServer();
const built = await buildTestApp({ env: { DNS_SERVERS: dns.address } });
const running: { close(): Promise<void> }[] = [dns];
afterAll(async () => {
  for (const server of running) await server.close();
});

let ipCounter = 0;
const browser = () =>
  createAgent(built.app, { ip: `10.79.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};
const refusedWith = (location: string | undefined, code: keyof typeof ERRORS) =>
  expect(location).toContain(`/sign-in?ssoError=${ERRORS[code].ref}`);
const mailsTo = (to: string) =>
  built.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const asOwner = (orgId: string) => ({ 'x-organization-id': orgId });

/** An Enterprise organisation whose OIDC provider any test may make assert any address. */
async function organizationWithProvider(
  domains: string[],
  jitRole: string | null = 'collaborator',
) {
  const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
  const sp = (await owner.agent.get('/api/org/sso', asOwner(org.id))).json().serviceProvider as {
    oidcRedirectUri: string;
    startUrl: string;
  };
  const provider: OidcProvider = await startOidcProvider([
    { clientId: 'assay', clientSecret: 'secret', redirectUris: [sp.oidcRedirectUri] },
  ]);
  running.push(provider);
  const saved = await owner.agent.put(
    '/api/org/sso',
    {
      enabled: true,
      protocol: 'oidc',
      oidcIssuer: provider.issuer,
      oidcClientId: 'assay',
      oidcClientSecret: 'secret',
      allowedDomains: domains,
      requireSso: true,
      jitRole,
    },
    asOwner(org.id),
  );
  expect(saved.statusCode, saved.body).toBe(200);
  /** The provider asserts `email`; answers Assay's answer to its callback (not followed). */
  const signIn = async (agent: Agent, email: string, path = '/projects') => {
    const start = await agent.get(`${pathOf(sp.startUrl)}?path=${encodeURIComponent(path)}`);
    expect(start.statusCode, start.body).toBe(303);
    const callback = await signInAtOidcProvider(String(start.headers.location), email);
    return agent.get(pathOf(callback.href));
  };
  return { owner, org, sp, signIn };
}

describe('an identity provider cannot take over an existing account', async () => {
  const setup = await organizationWithProvider(['example.com']);
  await verifyDomainByMail(built, setup.owner.agent, setup.org.id, 'example.com');

  it('mails the account a link instead of signing anyone in, and signs in once it is allowed', async () => {
    const victim = await signUpUser(built);
    const attacker = browser();
    const answer = await setup.signIn(attacker, victim.email);
    // Before issue #47 this was a handoff into the victim's account.
    refusedWith(String(answer.headers.location), 'ssoLinkSent');
    expect(String(answer.headers.location)).not.toContain('/api/auth/handoff');
    // Not joined either: "require SSO" does not take the victim's password away.
    const password = await browser().post('/api/auth/session', {
      email: victim.email,
      password: GOOD_PASSWORD,
    });
    expect(password.statusCode, password.body).toBe(200);

    const mail = await lastMailTo(built.services, victim.email);
    expect(mail?.subject).toBe('Allow Team’s single sign-on to sign in to your Assay account');
    // Only the mailbox's owner can allow it: the link is theirs, used once.
    const allowed = await createAgent(built.app).post('/api/auth/sso/link', {
      token: tokenFrom(mail?.text),
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json()).toEqual({
      url: `${setup.sp.startUrl}?path=%2Fprojects`,
      organizationName: 'Team',
    });
    const again = await createAgent(built.app).post('/api/auth/sso/link', {
      token: tokenFrom(mail?.text),
    });
    expect(again.json()).toMatchObject({ ref: ERRORS.tokenExpired.ref });
    expect((await lastMailTo(built.services, victim.email))?.subject).toBe(
      'Single sign-on may now sign in to your Assay account',
    );

    // Now the provider signs the person in to their own account, and the account is told.
    const owner = browser();
    const signedIn = await setup.signIn(owner, victim.email);
    expect(String(signedIn.headers.location)).toContain('/api/auth/handoff');
    const signInMail = await lastMailTo(built.services, victim.email);
    expect(signInMail?.subject).toBe('Single sign-on signed in to your Assay account');
    expect(signInMail?.text).toContain('The identity provider of Team signed you in');
  });

  it('links per organisation: another organisation’s provider must be allowed anew', async () => {
    const person = await signUpUser(built);
    const first = await setup.signIn(browser(), person.email);
    refusedWith(String(first.headers.location), 'ssoLinkSent');
    await createAgent(built.app).post('/api/auth/sso/link', {
      token: tokenFrom((await lastMailTo(built.services, person.email))?.text),
    });
    expect(String((await setup.signIn(browser(), person.email)).headers.location)).toContain(
      '/api/auth/handoff',
    );
    const other = await organizationWithProvider(['example.com']);
    await verifyDomainByMail(built, other.owner.agent, other.org.id, 'example.com');
    refusedWith(
      String((await other.signIn(browser(), person.email)).headers.location),
      'ssoLinkSent',
    );
  });

  it('links at once when the person is signed in with their password in that browser', async () => {
    const person = await signUpUser(built);
    const answer = await setup.signIn(person.agent, person.email);
    expect(String(answer.headers.location)).toContain('/api/auth/handoff');
    const subjects = (await mailsTo(person.email)).map((m) => m.subject);
    expect(subjects).toContain('Single sign-on may now sign in to your Assay account');
    expect(subjects).toContain('Single sign-on signed in to your Assay account');
    // Signed in as someone else: no proof for this account.
    const someoneElse = await signUpUser(built);
    const victim = await signUpUser(built);
    refusedWith(
      String((await setup.signIn(someoneElse.agent, victim.email)).headers.location),
      'ssoLinkSent',
    );
  });

  it('sends one link mail when forty sign-ins for the account arrive at once', async () => {
    const victim = await signUpUser(built);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => setup.signIn(browser(), victim.email)),
    );
    for (const answer of answers) refusedWith(String(answer.headers.location), 'ssoLinkSent');
    const links = (await mailsTo(victim.email)).filter((m) => m.subject.startsWith('Allow '));
    expect(links).toHaveLength(1);
  });

  it('refuses an address the provider has not verified', async () => {
    const answer = await setup.signIn(browser(), `unverified.${uniqueEmail('u')}`);
    refusedWith(String(answer.headers.location), 'ssoEmailNotVerified');
  });

  it('cannot enter an account after it was deleted', async () => {
    const person = await signUpUser(built);
    expect(String((await setup.signIn(person.agent, person.email)).headers.location)).toContain(
      '/api/auth/handoff',
    );
    const deleted = await person.agent.request('DELETE', '/api/auth/me', {
      password: GOOD_PASSWORD,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // Nothing kept for the old address but the notice of the deletion.
    expect((await mailsTo(person.email)).map((m) => m.subject)).toEqual([
      'Your Assay account was deleted',
    ]);
    // The address signs in as a new account, with none of the old one's.
    const agent = browser();
    const answer = await setup.signIn(agent, person.email);
    const handoff = String(answer.headers.location);
    expect(handoff).toContain('/api/auth/handoff');
    const url = new URL(handoff);
    await agent.get(pathOf(handoff), { host: url.host });
    const me = await onOrg(agent, setup.org.slug, '{ me { id } }');
    expect((me.data?.me as { id: string }).id).not.toBe(person.user.id);
  });
});

describe('require single sign-on', () => {
  it('ends the password sessions members already have; owners and SSO sessions keep theirs', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const member = await addMember(built, owner.agent, org, 'collaborator');
    const me = (agent: Agent) => agent.get('/api/auth/me');
    expect((await me(member.agent)).statusCode).toBe(200);
    const provider = await startOidcProvider([
      { clientId: 'assay', clientSecret: 'secret', redirectUris: ['http://127.0.0.1/cb'] },
    ]);
    running.push(provider);
    const settings = {
      enabled: true,
      protocol: 'oidc',
      oidcIssuer: provider.issuer,
      oidcClientId: 'assay',
      oidcClientSecret: 'secret',
      allowedDomains: ['example.com'],
      jitRole: null,
    };
    await owner.agent.put('/api/org/sso', { ...settings, requireSso: false }, asOwner(org.id));
    expect((await me(member.agent)).statusCode).toBe(200);
    const saved = await owner.agent.put(
      '/api/org/sso',
      { ...settings, requireSso: true },
      asOwner(org.id),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await me(member.agent)).statusCode).toBe(401);
    expect((await me(owner.agent)).statusCode).toBe(200);
  });
});

describe('an organisation proves the domains its single sign-on signs in', async () => {
  const domain = `d${Date.now().toString(36)}.example`;
  const setup = await organizationWithProvider([domain]);

  it('signs nobody in at a domain not yet verified', async () => {
    const answer = await setup.signIn(browser(), `ada@${domain}`);
    refusedWith(String(answer.headers.location), 'ssoDomainNotVerified');
  });

  it('verifies a domain by its DNS TXT record, read from the DNS server', async () => {
    const settings = (await setup.owner.agent.get('/api/org/sso', asOwner(setup.org.id))).json();
    const [view] = settings.domains as { txtName: string; txtValue: string; verified: boolean }[];
    expect(view).toMatchObject({ txtName: `_assay-challenge.${domain}`, verified: false });
    const check = () =>
      setup.owner.agent.post(`/api/org/sso/domains/${domain}/dns-check`, {}, asOwner(setup.org.id));
    // No record, then someone else's value: refused with what was found.
    const none = await check();
    expect(none.json()).toMatchObject({ ref: ERRORS.ssoDomainCheckFailed.ref });
    dns.setTxt(view!.txtName, ['assay-domain-verification=someone-elses', 'v=spf1 -all']);
    const other = await check();
    expect(other.json()).toMatchObject({
      ref: ERRORS.ssoDomainCheckFailed.ref,
      context: `${view!.txtName} holds other values`,
    });
    const questions = dns.questions();
    dns.setTxt(view!.txtName, ['v=spf1 -all', view!.txtValue]);
    const ok = await check();
    expect(ok.json()).toEqual({ verified: true });
    expect(dns.questions()).toBeGreaterThan(questions);
    const after = (await setup.owner.agent.get('/api/org/sso', asOwner(setup.org.id))).json();
    expect(after.domains[0]).toMatchObject({ verified: true, verifiedBy: 'dns' });
    expect(String((await setup.signIn(browser(), `ada@${domain}`)).headers.location)).toContain(
      '/api/auth/handoff',
    );
  });

  it('verifies by a mail to an administrative mailbox only, one mail when forty ask at once', async () => {
    const second = `m${Date.now().toString(36)}.example`;
    const saved = await setup.owner.agent.put(
      '/api/org/sso',
      {
        ...((await setup.owner.agent.get('/api/org/sso', asOwner(setup.org.id))).json() as object),
        oidcClientSecret: '',
        allowedDomains: [domain, second],
      },
      asOwner(setup.org.id),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const send = (mailbox: string) =>
      setup.owner.agent.post(
        `/api/org/sso/domains/${second}/mail`,
        { mailbox },
        asOwner(setup.org.id),
      );
    // Any address proves a mailbox, not a domain.
    expect((await send('ada')).json()).toMatchObject({ ref: ERRORS.validation.ref });
    const answers = await Promise.all(Array.from({ length: 40 }, () => send('admin')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.json().ref === ERRORS.ssoDomainMailTooSoon.ref)).toHaveLength(
      39,
    );
    const mails = await mailsTo(`admin@${second}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Confirm that Team may use single sign-on for ${second}`);
    const token = tokenFrom(mails[0]?.text);
    const confirmed = await Promise.all(
      Array.from({ length: 2 }, () =>
        createAgent(built.app).post('/api/auth/sso/domains/confirm', { token }),
      ),
    );
    expect(confirmed.map((c) => c.statusCode).sort()).toEqual([200, 400]);
    const [row] = await built.services.database.db
      .select()
      .from(ssoDomains)
      .where(and(eq(ssoDomains.organizationId, setup.org.id), eq(ssoDomains.domain, second)));
    expect(row).toMatchObject({ verifiedBy: 'mail', mailSentTo: `admin@${second}` });
  });

  it('lets only owners prove a domain', async () => {
    const stranger = await signUpUser(built);
    const answer = await stranger.agent.post(
      `/api/org/sso/domains/${domain}/dns-check`,
      {},
      asOwner(setup.org.id),
    );
    // Not a member: the organisation is not even found for them.
    expect(answer.json()).toMatchObject({ ref: ERRORS.notFound.ref });
    // A collaborator who joined through single sign-on: forbidden.
    const agent = browser();
    const handoff = String((await setup.signIn(agent, `grace@${domain}`)).headers.location);
    const host = new URL(handoff).host;
    expect((await agent.get(pathOf(handoff), { host })).statusCode).toBe(303);
    const asCollaborator = await agent.post(
      `/api/org/sso/domains/${domain}/dns-check`,
      {},
      { host },
    );
    expect(asCollaborator.json()).toMatchObject({ ref: ERRORS.forbidden.ref });
  });
});
