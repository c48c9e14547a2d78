/**
 * Security notices by mail (issue #25): password, email, two-step verification, recovery codes
 * and sign-ins from a new browser each put a notice in the account's outbox.
 */
import { desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
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
import { mailOutbox } from '../../platform/mail/schema.ts';

const built = await buildTestApp();
let ipCounter = 0;
const freshIp = () => `10.31.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function subjectsTo(to: string): Promise<string[]> {
  const rows = await built.services.database.db
    .select({ subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt));
  return rows.map((r) => r.subject);
}

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const NEW_SIGN_IN = 'New sign-in to your Assay account';

describe('security notices', () => {
  it('tells the account of a sign-in from a new browser, once, and not from a known one', async () => {
    const { email } = await signUpUser(built);
    // The browser the account was made in is known: no notice.
    const known = await createAgent(built.app, { ip: freshIp() }).post('/api/auth/session', {
      email,
      password: GOOD_PASSWORD,
    });
    expect(known.statusCode).toBe(200);
    expect(await subjectsTo(email)).not.toContain(NEW_SIGN_IN);

    // Forty sign-ins at once from a new browser: one notice.
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        createAgent(built.app, { ip }).post(
          '/api/auth/session',
          { email, password: GOOD_PASSWORD },
          { 'user-agent': FIREFOX },
        ),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThan(0);
    expect((await subjectsTo(email)).filter((s) => s === NEW_SIGN_IN)).toHaveLength(1);
    const mail = await lastMailTo(built.services, email);
    expect(mail?.text).toContain('Firefox on Windows');
    expect(mail?.text).toContain(ip);
    expect(mail?.text).toContain('/profile/security');

    // That browser is known now.
    await createAgent(built.app, { ip: freshIp() }).post(
      '/api/auth/session',
      { email, password: GOOD_PASSWORD },
      { 'user-agent': FIREFOX },
    );
    expect((await subjectsTo(email)).filter((s) => s === NEW_SIGN_IN)).toHaveLength(1);
  });

  it('tells of a password change and of a reset', async () => {
    const { email, agent } = await signUpUser(built);
    const changed = await agent.gateway(
      'mutation($c: String!, $n: String!) { updatePassword(currentPassword: $c, newPassword: $n) }',
      { c: GOOD_PASSWORD, n: 'Second_pass_22' },
    );
    expect(changed.errors).toBeUndefined();
    expect(await subjectsTo(email)).toContain('Your Assay password was changed');

    await createAgent(built.app).post('/api/auth/password/forgot', { email });
    const token = tokenFrom((await lastMailTo(built.services, email))?.text);
    const reset = await createAgent(built.app).put('/api/auth/password', {
      token,
      password: 'Third_pass_333',
    });
    expect(reset.statusCode).toBe(200);
    expect((await subjectsTo(email))[0]).toBe('Your Assay password was reset');
  });

  it('tells both the old and the new address of an email change', async () => {
    const { email, agent } = await signUpUser(built);
    const next = uniqueEmail('moved');
    await agent.gateway('mutation($email: String!) { changeEmail(email: $email) }', {
      email: next,
    });
    const token = tokenFrom((await lastMailTo(built.services, next))?.text);
    expect((await createAgent(built.app).put('/api/auth/email', { token })).statusCode).toBe(200);
    const subject = 'The email address of your Assay account was changed';
    for (const address of [email, next]) {
      const mail = await lastMailTo(built.services, address);
      expect(mail?.subject).toBe(subject);
      expect(mail?.text).toContain(`now signs in as ${next} instead of ${email}`);
    }
  });

  it('tells of two-step verification turned on and off, and of each recovery code used', async () => {
    const { email, agent } = await signUpUser(built);
    const started = await agent.gateway('mutation { startMfaSetup { secret } }');
    const secret = (started.data?.startMfaSetup as { secret: string }).secret;
    const enabled = await agent.gateway(
      'mutation($code: String!) { enableMFA(code: $code) { recoveryCodes } }',
      { code: await generate({ secret }) },
    );
    const codes = (enabled.data?.enableMFA as { recoveryCodes: string[] }).recoveryCodes;
    expect((await lastMailTo(built.services, email))?.subject).toBe(
      'Two-step verification is now on for your Assay account',
    );

    const signedIn = await createAgent(built.app, { ip: freshIp() }).post('/api/auth/session', {
      email,
      password: GOOD_PASSWORD,
      code: codes[0],
    });
    expect(signedIn.statusCode).toBe(200);
    const used = await lastMailTo(built.services, email);
    expect(used?.subject).toBe('A recovery code was used to sign in to your Assay account');
    expect(used?.text).toContain(`You have ${codes.length - 1} recovery codes left.`);

    await agent.gateway('mutation($code: String!) { disableMFA(code: $code) }', {
      code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }),
    });
    expect((await lastMailTo(built.services, email))?.subject).toBe(
      'Two-step verification was turned off for your Assay account',
    );
  });
});
