/**
 * The subscription's life with the app configured for Recurly (#30): the Recurly client speaks
 * HTTP to a local stand-in of Recurly's v3 API, and the stand-in's notifications — Recurly's JSON
 * webhook payloads, signed as Recurly signs them with the endpoint's key — come in through the
 * app's webhook route, as Recurly delivers them. With the stand-in's clock moved: renew → fail →
 * retry → expire → read-only → pay → active.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ERRORS, SANDBOX_TEST_CARDS } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import { createProjectIn } from '../../../test/cards.ts';
import { onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { mailOutbox } from '../../platform/mail/schema.ts';
import { createSandbox, type Sandbox } from '../../platform/payments/sandbox.ts';
import { organizations } from '../organizations/schema.ts';

const API_KEY = 'recurly-private-key';
const WEBHOOK_KEY = 'recurly-endpoint-secret';
const DAY = 24 * 60 * 60 * 1000;

// The stand-in of Recurly's API, on a port of its own; its state lives in the test database.
let standIn: Sandbox | null = null;
const server = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const answer = await standIn!.fetch(`http://recurly.local${req.url}`, {
    method: req.method,
    headers: req.headers as Record<string, string>,
    body: chunks.length ? Buffer.concat(chunks).toString() : undefined,
  });
  res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '' });
  res.end(Buffer.from(await answer.arrayBuffer()));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
const port = (server.address() as AddressInfo).port;

const built = await buildTestApp({
  env: {
    RECURLY_API_KEY: API_KEY,
    RECURLY_PUBLIC_KEY: 'ewr1-public',
    RECURLY_BASE_URL: `http://127.0.0.1:${port}`,
    RECURLY_WEBHOOK_KEY: WEBHOOK_KEY,
  },
});
standIn = createSandbox({
  db: built.services.database.db,
  apiKey: API_KEY,
  webhookKey: WEBHOOK_KEY,
});
// Recurly posts each notification to the endpoint configured for the site: the app's route.
const delivered: string[] = [];
standIn.onNotification(async (body, signature) => {
  const answer = await built.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks',
    headers: { 'content-type': 'application/json', 'recurly-signature': signature },
    payload: body,
  });
  if (answer.statusCode !== 200) throw new Error(`refused: ${answer.body}`);
  delivered.push((JSON.parse(body) as { event_type: string }).event_type);
});
const db = built.services.database.db;

async function billingOf(organizationId: string) {
  const [row] = await db
    .select({ billing: organizations.billing })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row!.billing ?? {};
}

/** A card token as Recurly.js would give the browser (from the stand-in). */
async function token(expiry: { month: string; year: string }) {
  const made = (await standIn!.tokenize({
    first_name: 'Ada',
    last_name: 'Lovelace',
    number: SANDBOX_TEST_CARDS.success,
    cvv: '123',
    ...expiry,
  })) as { id: string };
  return made.id;
}

async function pass(days: number, organizationId: string) {
  standIn!.clock.advance(days * DAY);
  await standIn!.run({ only: [organizationId] });
}

describe('the subscription lifecycle on Recurly', () => {
  it('renews, fails, retries, expires into read-only, and is active again once paid', async () => {
    expect(built.services.paymentsSandbox).toBeNull();
    const { owner, org } = await ownerWithOrganization(built, { paid: false });
    const at = standIn!.clock.now();
    const nextMonth = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
    const made = await owner.agent.post(`/api/org/organizations/${org.id}/subscription`, {
      planCode: 'aiMonthly',
      paymentToken: await token({
        month: String(nextMonth.getUTCMonth() + 1),
        year: String(nextMonth.getUTCFullYear()),
      }),
    });
    expect(made.statusCode).toBe(201);
    const projectId = await createProjectIn(owner.agent, org.slug, 'On Recurly');
    const addCard = (title: string) =>
      onOrg(owner.agent, org.slug, 'mutation($i: JSON!) { createCard(input: $i) { id } }', {
        i: { projectId, type: 'hypothesis', title, section: 'channels', draft: false },
      });
    const subjects = async () =>
      (await db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email))).map(
        (m) => m.subject,
      );

    await pass(31, org.id);
    expect(await billingOf(org.id)).toMatchObject({ subscriptionState: 'active', pastDue: null });
    expect(await subjects()).toContainEqual(expect.stringMatching(/^Receipt: Team's/));

    await pass(31, org.id);
    expect((await billingOf(org.id)).pastDue?.retries).toHaveLength(2);
    expect(await subjects()).toContain('A payment for Team did not go through');
    await pass(3, org.id);
    await pass(4, org.id);
    expect(await billingOf(org.id)).toMatchObject({ subscriptionState: 'expired', pastDue: null });
    const refused = await addCard('After expiry');
    expect(refused.errors?.[0]?.message).toContain(ERRORS.organizationReadOnly.message);

    const renewed = await owner.agent.post(`/api/org/organizations/${org.id}/subscription`, {
      planCode: 'aiMonthly',
      paymentToken: await token({ month: '12', year: String(at.getUTCFullYear() + 3) }),
    });
    expect(renewed.statusCode).toBe(201);
    expect((await billingOf(org.id)).subscriptionState).toBe('active');
    expect((await addCard('Back at work')).errors).toBeUndefined();
    // Every step reached the app as a signed Recurly notification through its route.
    expect(delivered).toEqual(
      expect.arrayContaining(['renewed', 'paid', 'failed', 'past_due', 'expired']),
    );
  });
});
