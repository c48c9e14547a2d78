/**
 * The subscription's life after checkout (#30), on the embedded sandbox — which renews, retries
 * and expires as Recurly does and says so in signed notifications — with its clock moved: renew →
 * fail → retry → expire → read-only → pay → active; a new card paying what is past due; the
 * webhook's signature, replays, late notifications and forty deliveries at once; the card reminder
 * once however many sweeps run.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { ERRORS, SANDBOX_TEST_CARDS } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import type { Agent } from '../../../test/agent.ts';
import { createProjectIn } from '../../../test/cards.ts';
import { onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { mailOutbox } from '../../platform/mail/schema.ts';
import { SANDBOX_WEBHOOK_KEY } from '../../platform/payments/index.ts';
import { signWebhook } from '../../platform/payments/webhook-signature.ts';
import { organizations } from '../organizations/schema.ts';
import { billingNotifications } from './schema.ts';
import { remindExpiringCards, remindGraceEnding } from './reminders.ts';

const built = await buildTestApp();
const sandbox = built.services.paymentsSandbox!;
const db = built.services.database.db;
const DAY = 24 * 60 * 60 * 1000;

/** A card that works until the end of the month after the sandbox's now. */
function cardUntilNextMonth() {
  const at = sandbox.clock.now();
  const next = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { month: String(next.getUTCMonth() + 1), year: String(next.getUTCFullYear()) };
}

async function token(
  agent: Agent,
  expiry = { month: '12', year: String(new Date().getFullYear() + 3) },
) {
  const answer = await agent.post('/api/payments/sandbox/js/v1/token', {
    first_name: 'Ada',
    last_name: 'Lovelace',
    number: SANDBOX_TEST_CARDS.success,
    cvv: '123',
    ...expiry,
  });
  return (answer.json() as { id: string }).id;
}

async function billingOf(organizationId: string) {
  const [row] = await db
    .select({ billing: organizations.billing })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row!.billing ?? {};
}

async function mailsTo(email: string) {
  const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  return rows.map((r) => r.subject);
}

async function subscribed(expiry?: { month: string; year: string }) {
  // Through checkout for real: the subscription is the plan (no manual billing).
  const { owner, org } = await ownerWithOrganization(built, { paid: false });
  const made = await owner.agent.post(`/api/org/organizations/${org.id}/subscription`, {
    planCode: 'aiMonthly',
    paymentToken: await token(owner.agent, expiry),
  });
  expect(made.statusCode).toBe(201);
  const projectId = await createProjectIn(owner.agent, org.slug, 'Still here');
  return { owner, org, projectId };
}

const createCard = (agent: Agent, slug: string, projectId: string, title: string) =>
  onOrg(agent, slug, 'mutation($i: JSON!) { createCard(input: $i) { id } }', {
    i: { projectId, type: 'hypothesis', title, section: 'channels', draft: false },
  });

/** Moves the sandbox's clock and brings these organisations' subscriptions up to it. */
async function pass(days: number, ...organizationIds: string[]) {
  sandbox.clock.advance(days * DAY);
  await sandbox.run({ only: organizationIds });
}

describe('the subscription lifecycle', () => {
  it('renews, fails, retries, expires into read-only, and is active again once paid', async () => {
    const { owner, org, projectId } = await subscribed(cardUntilNextMonth());
    const email = owner.email;

    // A month on: the renewal is paid, a receipt is mailed.
    await pass(31, org.id);
    expect(await billingOf(org.id)).toMatchObject({ subscriptionState: 'active', pastDue: null });
    const [receipt] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), sql`${mailOutbox.subject} like 'Receipt:%'`));
    expect(receipt?.subject).toMatch(/^Receipt: Team's .* plan renewed$/);
    // The invoice goes with it, as a PDF that says what was charged for which period.
    expect(receipt?.text).toContain('The invoice is attached, and in Billing, as a PDF.');
    const [attached] = receipt?.attachments ?? [];
    expect(attached).toMatchObject({ contentType: 'application/pdf' });
    expect(attached?.filename).toMatch(/^invoice-\d+\.pdf$/);
    const number = /invoice-(\d+)\.pdf/.exec(attached!.filename)![1]!;
    expect(receipt?.text).toContain(`(invoice ${number})`);
    const pdf = await getDocumentProxy(new Uint8Array(Buffer.from(attached!.content, 'base64')));
    const printed = (await extractText(pdf, { mergePages: true })).text;
    expect(printed).toContain(number);
    expect(printed).toMatch(/Service period/i);

    // Another month: the card has expired, the renewal is refused and will be tried again.
    await pass(31, org.id);
    const failed = await billingOf(org.id);
    expect(failed.subscriptionState).toBe('active');
    expect(failed.invalidCard).toBe(true);
    expect(failed.pastDue?.retries).toHaveLength(2);
    expect(await mailsTo(email)).toContain('A payment for Team did not go through');
    const [failure] = await db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to, email),
          eq(mailOutbox.subject, 'A payment for Team did not go through'),
        ),
      );
    expect(failure!.text).toMatch(
      /We will try the card again on \w+ \d+, \d{4} and \w+ \d+, \d{4}\./,
    );
    // Still working while it is retried.
    expect(
      (await createCard(owner.agent, org.slug, projectId, 'During dunning')).errors,
    ).toBeUndefined();

    // Day 3: tried again, refused; day 7: the last try, and the subscription expires.
    await pass(3, org.id);
    expect((await billingOf(org.id)).subscriptionState).toBe('active');
    const grace = "Team's plan expires on";
    const sweep = () =>
      remindGraceEnding(built.services, { now: sandbox.clock.now(), only: [org.id] });
    expect(await sweep()).toBe(0);
    // Day 5: two days before it would expire, the owners hear once, however many sweeps run.
    await pass(2, org.id);
    const sent = await Promise.all(Array.from({ length: 40 }, sweep));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    const warnings = (await mailsTo(email)).filter((s) => s.startsWith(grace));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Team's plan expires on \w+ \d+, \d{4}$/);
    await pass(2, org.id);
    expect(await billingOf(org.id)).toMatchObject({ subscriptionState: 'expired', pastDue: null });
    expect(await mailsTo(email)).toContain("Team's plan has expired");

    // Read-only: writes refused with the catalogue's message, reads and exports go on.
    const refused = await createCard(owner.agent, org.slug, projectId, 'After expiry');
    expect(refused.errors?.[0]?.message).toContain(ERRORS.organizationReadOnly.message);
    const host = { host: `${org.slug}.assay.test` };
    const rest = await owner.agent.post(
      `/api/proj/projects/${projectId}/sections`,
      { sectionType: 'timeline', name: 'Later' },
      host,
    );
    expect(rest.statusCode).toBe(402);
    expect(rest.json()).toMatchObject({ ref: ERRORS.organizationReadOnly.ref });
    const canvas = await onOrg(
      owner.agent,
      org.slug,
      'query($p: ID!) { canvas(projectId: $p) { cards { title } } }',
      { p: projectId },
    );
    expect(canvas.errors).toBeUndefined();
    expect(
      (await owner.agent.get(`/api/proj/projects/${projectId}/export/project.zip`, host))
        .statusCode,
    ).toBe(200);
    expect(
      (await owner.agent.post(`/api/org/organizations/${org.id}/exports`, {}, host)).statusCode,
    ).toBe(200);
    const boot = (await owner.agent.get('/api/bootstrap', host)).json() as {
      organization: { billingStatus: { isExpired: boolean } };
    };
    expect(boot.organization.billingStatus.isExpired).toBe(true);

    // Paid again with a new card: active, and writing again.
    const renewed = await owner.agent.post(`/api/org/organizations/${org.id}/subscription`, {
      planCode: 'aiMonthly',
      paymentToken: await token(owner.agent),
    });
    expect(renewed.statusCode).toBe(201);
    expect(await billingOf(org.id)).toMatchObject({
      subscriptionState: 'active',
      invalidCard: false,
    });
    expect(
      (await createCard(owner.agent, org.slug, projectId, 'Back at it')).errors,
    ).toBeUndefined();
  });

  it('lets a new card pay what is past due at once', async () => {
    const { owner, org } = await subscribed(cardUntilNextMonth());
    await pass(62, org.id);
    expect((await billingOf(org.id)).pastDue).not.toBeNull();
    const updated = await owner.agent.put(`/api/org/organizations/${org.id}/billing`, {
      token: await token(owner.agent),
    });
    expect(updated.statusCode).toBe(200);
    expect(await billingOf(org.id)).toMatchObject({
      pastDue: null,
      invalidCard: false,
      subscriptionState: 'active',
    });
    expect(await mailsTo(owner.email)).toContain('Payment received for Team');
    // The retries that were due find nothing left to do.
    await pass(8, org.id);
    expect((await billingOf(org.id)).subscriptionState).toBe('active');
  });

  it('takes only signed notifications, each once, and applies what the processor says now', async () => {
    const { owner, org } = await subscribed();
    const uuid = (await billingOf(org.id)).subscriptionUUID!;
    const post = (body: string, signature?: string) =>
      built.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'recurly-signature': signature } : {}),
        },
        payload: body,
      });
    const notification = (id: string, eventType: string) =>
      JSON.stringify({
        id,
        object_type: 'subscription',
        site_id: 'sandbox',
        event_type: eventType,
        event_time: new Date().toISOString(),
        uuid,
      });

    const body = notification(`ntf_${org.id}`, 'canceled');
    expect((await post(body)).statusCode).toBe(401);
    expect((await post(body, signWebhook('another key', body))).statusCode).toBe(401);
    expect(
      (await post(body, signWebhook(SANDBOX_WEBHOOK_KEY, body, Date.now() - 10 * 60 * 1000)))
        .statusCode,
    ).toBe(401);
    expect((await post(body, `${Date.now()},${'0'.repeat(64)}`)).json()).toMatchObject({
      ref: ERRORS.webhookSignature.ref,
    });
    expect((await post('{"id":', signWebhook(SANDBOX_WEBHOOK_KEY, '{"id":'))).statusCode).toBe(400);

    // Says "canceled", but the subscription is active: the organisation stays as the processor has it.
    const taken = await post(body, signWebhook(SANDBOX_WEBHOOK_KEY, body));
    expect(taken.json()).toEqual({ received: true, duplicate: false });
    expect((await billingOf(org.id)).subscriptionState).toBe('active');

    // Cancel, then 40 deliveries of one "expired" notification at once (before the period ends:
    // still canceled, not expired) — taken once; then the real end, delivered twice.
    await owner.agent.delete(`/api/org/organizations/${org.id}/subscriptions`);
    const late = notification(`ntf_late_${org.id}`, 'expired');
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => post(late, signWebhook(SANDBOX_WEBHOOK_KEY, late))),
    );
    expect(answers.filter((a) => a.json().duplicate === false)).toHaveLength(1);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect((await billingOf(org.id)).subscriptionState).toBe('canceled');
    const stored = await db
      .select()
      .from(billingNotifications)
      .where(inArray(billingNotifications.id, [`ntf_${org.id}`, `ntf_late_${org.id}`]));
    expect(stored.map((s) => s.organizationId).sort()).toEqual([org.id, org.id]);

    await pass(32, org.id);
    expect((await billingOf(org.id)).subscriptionState).toBe('expired');
    const expiredMails = (await mailsTo(owner.email)).filter(
      (s) => s === "Team's plan has expired",
    );
    expect(expiredMails).toHaveLength(1);
    expect(await mailsTo(owner.email)).toContain("Team's subscription is canceled");
  });

  it('reminds the owners once of a card that is about to expire, however many sweeps run at once', async () => {
    const { owner, org } = await subscribed();
    const now = new Date();
    const soon = new Date(now.getTime() + 20 * DAY).toISOString();
    await db
      .update(organizations)
      .set({ billing: { ...(await billingOf(org.id)), cardExpiresAt: soon } })
      .where(eq(organizations.id, org.id));
    const sent = await Promise.all(
      Array.from({ length: 40 }, () =>
        remindExpiringCards(built.services, { now, only: [org.id] }),
      ),
    );
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(
      (await mailsTo(owner.email)).filter((s) => s === 'The card for Team expires soon'),
    ).toHaveLength(1);
    // Not before 30 days, and not again for the same card.
    expect(await remindExpiringCards(built.services, { now, only: [org.id] })).toBe(0);
  });
});
