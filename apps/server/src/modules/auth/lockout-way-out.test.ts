/**
 * Issue #47 items 7 and 8: the lockout kept its protection but became a way to shut a person
 * out. Five wrong passwords locked the account for everyone, and three sign-up requests then used
 * the address's hourly mail so the reset mail never left. Now the reset has its own allowance,
 * and the owner gets through the lock from a browser the account signed in from before, with the
 * right password and second factor. E-mail-change confirmations are limited too.
 */
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_LIMITS, ERRORS } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import { createAgent, GOOD_PASSWORD, lastMailTo, uniqueEmail } from '../../../test/agent.ts';
import { signUpUser } from '../../../test/factories.ts';
import { mailOutbox } from '../../platform/mail/schema.ts';
import { passwordHasher } from './service.ts';

const built = await buildTestApp();
let ipCounter = 0;
const freshIp = () => `10.47.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const mailsTo = (to: string) =>
  built.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe('the way out of a lock', () => {
  it('sends the reset mail after sign-up requests used the address’s sign-up mail', async () => {
    const { email } = await signUpUser(built);
    const attacker = createAgent(built.app, { ip: freshIp() });
    for (let i = 0; i < AUTH_LIMITS.mailsPerRecipientPerHour + 1; i += 1)
      await attacker.post('/api/auth/signups', { email });
    const before = (await mailsTo(email)).length;
    const asked = await createAgent(built.app, { ip: freshIp() }).post(
      '/api/auth/password/forgot',
      { email },
    );
    expect(asked.statusCode).toBe(202);
    expect(await mailsTo(email)).toHaveLength(before + 1);
    expect((await lastMailTo(built.services, email))?.subject).toBe('Reset your Assay password');
  });

  it('lets the owner through the lock from a browser they signed in from, with password and code', async () => {
    const { email, agent } = await signUpUser(built);
    // The owner's own browser signs in once: it becomes a known device.
    const own = createAgent(built.app, { ip: freshIp() });
    expect(
      (await own.post('/api/auth/session', { email, password: GOOD_PASSWORD })).statusCode,
    ).toBe(200);
    expect(own.cookies.has('assay_device')).toBe(true);
    const setup = (await agent.gateway('mutation { startMfaSetup { secret } }')).data
      ?.startMfaSetup as { secret: string };
    const enabled = await agent.gateway(
      'mutation($code: String!) { enableMFA(code: $code) { mfaEnabled } }',
      { code: await generate({ secret: setup.secret }) },
    );
    expect(enabled.errors).toBeUndefined();

    // Someone else's five wrong guesses lock the account.
    const attacker = createAgent(built.app, { ip: freshIp() });
    for (let i = 0; i < AUTH_LIMITS.attemptsPerAccount; i += 1)
      await attacker.post('/api/auth/session', { email, password: 'Wrong_horse1' });
    const next = await generate({
      secret: setup.secret,
      epoch: Math.floor(Date.now() / 1000) + 30,
    });
    const locked = (answer: { json(): unknown }) =>
      expect(answer.json()).toMatchObject({ ref: ERRORS.tooManyLoginAttempts.ref });
    // Another browser, even with the right password and code: locked.
    locked(
      await createAgent(built.app, { ip: freshIp() }).post('/api/auth/session', {
        email,
        password: GOOD_PASSWORD,
        code: next,
      }),
    );
    // The known browser with a wrong password or a wrong code: locked, the same answer.
    locked(await own.post('/api/auth/session', { email, password: 'Wrong_horse1', code: next }));
    locked(await own.post('/api/auth/session', { email, password: GOOD_PASSWORD, code: '000000' }));
    locked(await own.post('/api/auth/session', { email, password: GOOD_PASSWORD }));
    // The known browser with both right: signed in.
    const through = await own.post('/api/auth/session', {
      email,
      password: GOOD_PASSWORD,
      code: next,
    });
    expect(through.statusCode, through.body).toBe(200);
    expect(through.json()).toMatchObject({ user: { email } });
  });
});

describe('made-up links', () => {
  it('cost a lookup, not a password hash: sign-up and reset check the link first', async () => {
    const hashing = vi.spyOn(passwordHasher, 'hash');
    try {
      const agent = createAgent(built.app, { ip: freshIp() });
      const signup = await agent.post('/api/auth/users', {
        token: 'made-up-token',
        firstName: 'Ada',
        lastName: 'Lovelace',
        password: GOOD_PASSWORD,
      });
      expect(signup.json()).toMatchObject({ ref: ERRORS.tokenExpired.ref });
      const reset = await agent.put('/api/auth/password', {
        token: 'made-up-token',
        password: GOOD_PASSWORD,
      });
      expect(reset.json()).toMatchObject({ ref: ERRORS.tokenExpired.ref });
      expect(hashing).not.toHaveBeenCalled();
    } finally {
      hashing.mockRestore();
    }
  });
});

describe('e-mail change confirmations', () => {
  it('sends three an hour from an account, when forty are asked at once', async () => {
    const { agent } = await signUpUser(built);
    const targets = Array.from({ length: 40 }, () => uniqueEmail('new'));
    const answers = await Promise.all(
      targets.map((email) =>
        agent.gateway('mutation($email: String!) { changeEmail(email: $email) }', { email }),
      ),
    );
    const refused = answers.filter((a) =>
      a.errors?.[0]?.message.includes(`ref:${ERRORS.rateLimited.ref}`),
    );
    expect(refused).toHaveLength(40 - AUTH_LIMITS.mailsPerRecipientPerHour);
    const sent = (await Promise.all(targets.map((t) => mailsTo(t)))).flat();
    expect(sent).toHaveLength(AUTH_LIMITS.mailsPerRecipientPerHour);
  });
});
