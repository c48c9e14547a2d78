import { describe, expect, it } from 'vitest';
import { ERRORS } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import {
  createAgent,
  GOOD_PASSWORD,
  lastMailTo,
  tokenFrom,
  uniqueEmail,
} from '../../../test/agent.ts';
import { signUpUser } from '../../../test/factories.ts';
import { mailOutbox } from '../../platform/mail/schema.ts';
import { licenseKeys } from './schema.ts';

const built = await buildTestApp();

describe('sign-up', () => {
  it('refuses an invalid email with ref 115', async () => {
    const response = await createAgent(built.app).post('/api/auth/signups', {
      email: 'not-an-email',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      message: 'The email you entered is invalid',
      ref: 115,
    });
  });

  it('emails a confirmation link that describes itself and works once', async () => {
    const email = uniqueEmail('new');
    const agent = createAgent(built.app);
    expect((await agent.post('/api/auth/signups', { email })).statusCode).toBe(202);
    const mail = await lastMailTo(built.services, email);
    expect(mail?.subject).toBe('Confirm your email to start with Assay');
    expect(mail?.text).toContain('http://app.assay.test/sign-up?token=');
    const token = tokenFrom(mail?.text);

    const described = await agent.get(`/api/auth/token?token=${token}`);
    expect(described.json()).toMatchObject({
      kind: 'signup',
      email,
      license: 'garage',
      licenseKey: null,
      userExists: false,
    });

    const weak = await agent.post('/api/auth/users', {
      token,
      firstName: 'A',
      lastName: 'B',
      password: 'short',
    });
    expect(weak.json()).toMatchObject({
      statusCode: 400,
      ref: 1080,
      message: ERRORS.passwordLength.message,
    });
    const simple = await agent.post('/api/auth/users', {
      token,
      firstName: 'A',
      lastName: 'B',
      password: 'alllowercase1',
    });
    expect(simple.json().message).toBe(
      'Your password needs an uppercase letter, a lowercase letter, a number and a special character.',
    );

    const created = await agent.post('/api/auth/users', {
      token,
      firstName: 'Ada',
      lastName: 'Lovelace',
      password: GOOD_PASSWORD,
    });
    expect(created.statusCode).toBe(201);
    const cookie = created.cookies.find((c) => c.name === 'assay_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect((await agent.get('/api/auth/me')).json()).toMatchObject({
      email,
      firstName: 'Ada',
      mfaEnabled: false,
    });

    const again = await createAgent(built.app).post('/api/auth/users', {
      token,
      firstName: 'X',
      lastName: 'Y',
      password: GOOD_PASSWORD,
    });
    expect(again.json()).toMatchObject({
      statusCode: 400,
      ref: ERRORS.tokenExpired.ref,
      message: 'Uh oh. It looks like the link you are coming from has expired.',
    });
    expect((await agent.get('/api/auth/token?token=nonsense')).statusCode).toBe(400);
  });

  it('does not reveal that an address already has an account', async () => {
    const { email } = await signUpUser(built);
    const response = await createAgent(built.app).post('/api/auth/signups', { email });
    expect(response.statusCode).toBe(202);
    expect((await lastMailTo(built.services, email))?.subject).toBe(
      'You already have an Assay account',
    );
  });

  it('sends one address at most three account mails an hour, however many ask at once (#25)', async () => {
    const email = uniqueEmail('flooded');
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        createAgent(built.app, { ip: `10.77.${Math.floor(i / 200)}.${i % 200}` }).post(
          '/api/auth/signups',
          { email },
        ),
      ),
    );
    // Every request gets the same answer: nobody learns what happened to the mail.
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([202]));
    const mails = (await built.services.database.db.select().from(mailOutbox)).filter(
      (m) => m.to === email,
    );
    expect(mails).toHaveLength(3);
    // The same limit holds for an address with an account (reset and "already have one" mail).
    const { email: member } = await signUpUser(built);
    const before = (await built.services.database.db.select().from(mailOutbox)).filter(
      (m) => m.to === member,
    ).length;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        createAgent(built.app).post('/api/auth/password/forgot', { email: member }),
      ),
    );
    const after = (await built.services.database.db.select().from(mailOutbox)).filter(
      (m) => m.to === member,
    ).length;
    expect(after - before).toBeLessThanOrEqual(3);
  });

  it('checks beta codes and gives their license to the first organisation', async () => {
    const agent = createAgent(built.app);
    const bad = await agent.request('HEAD', '/api/auth/keys/NOPE');
    expect(bad.statusCode).toBe(404);
    const badBody = await agent.get('/api/auth/keys/NOPE');
    expect(badBody.json().message).toBe('This invite code is not valid');

    const code = `LAUNCH${Date.now()}`;
    await built.services.database.db.insert(licenseKeys).values({ code, license: 'academic' });
    const good = await agent.request('HEAD', `/api/auth/keys/${code}?licenseType=academic`);
    expect(good.statusCode).toBe(200);
    expect(good.headers['x-license']).toBe('academic');
    expect(
      (await agent.request('HEAD', `/api/auth/keys/${code}?licenseType=team`)).statusCode,
    ).toBe(404);

    const { agent: user } = await signUpUser(built, { licenseKey: code });
    const org = await user.post('/api/org/organizations', {
      name: 'Lean Lab',
      slug: `leanlab${Date.now()}`,
    });
    expect(org.json()).toMatchObject({ name: 'Lean Lab', license: 'academic' });
    const second = await user.post('/api/org/organizations', {
      name: 'Second',
      slug: `second${Date.now()}`,
    });
    expect(second.json().license).toBe('garage');
  });

  it('checks organisation slugs with X-Exists and X-SSO, and refuses taken ones', async () => {
    const { agent } = await signUpUser(built);
    const slug = `acme${Date.now()}`;
    const before = await agent.request('HEAD', `/api/auth/organizations/${slug}`);
    expect(before.headers['x-exists']).toBe('false');
    expect(before.headers['x-sso']).toBe('false');
    expect((await agent.post('/api/org/organizations', { name: 'Acme', slug })).statusCode).toBe(
      201,
    );
    expect(
      (await agent.request('HEAD', `/api/auth/organizations/${slug}`)).headers['x-exists'],
    ).toBe('true');
    expect((await agent.request('HEAD', '/api/auth/organizations/app')).headers['x-exists']).toBe(
      'true',
    );
    const taken = await agent.post('/api/org/organizations', { name: 'Acme again', slug });
    expect(taken.json()).toMatchObject({
      statusCode: 409,
      message: 'That address is already taken. Please choose another one.',
    });
    const mine = await agent.get('/api/org/organizations');
    expect(mine.json()).toEqual([expect.objectContaining({ slug, role: 'owner' })]);
  });

  it('needs a session to create an organisation', async () => {
    const response = await createAgent(built.app).post('/api/org/organizations', {
      name: 'X',
      slug: 'xyz',
    });
    expect(response.json()).toMatchObject({ statusCode: 401, ref: ERRORS.unauthenticated.ref });
  });
});
