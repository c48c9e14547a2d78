/** Test helpers for single sign-on: an owner proves a domain as a person would, by mail. */
import { expect } from 'vitest';
import type { BuiltApp } from '../src/app.ts';
import { lastMailTo, tokenFrom, type Agent } from './agent.ts';

/** Sends the confirmation to hostmaster@<domain> and follows its link (the domain must be allowed). */
export async function verifyDomainByMail(
  built: BuiltApp,
  owner: Agent,
  organizationId: string,
  domain: string,
) {
  const sent = await owner.post(
    `/api/org/sso/domains/${domain}/mail`,
    { mailbox: 'hostmaster' },
    { 'x-organization-id': organizationId },
  );
  expect(sent.statusCode, sent.body).toBe(200);
  const mail = await lastMailTo(built.services, `hostmaster@${domain}`);
  const confirmed = await owner.post('/api/auth/sso/domains/confirm', {
    token: tokenFrom(mail?.text),
  });
  expect(confirmed.json()).toEqual({ domain });
}
