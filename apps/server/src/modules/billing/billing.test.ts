import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { AppError, MESSAGES, SANDBOX_TEST_CARDS } from '@assay/domain';
import { eq } from 'drizzle-orm';
import { buildTestApp } from '../../../test/app.ts';
import { accessLogs, organizations } from '../organizations/schema.ts';
import { lastMailTo, type Agent } from '../../../test/agent.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { createRecurlyClient, RECURLY_ACCEPT } from '../../platform/payments/recurly.ts';
import { createSandbox } from '../../platform/payments/sandbox.ts';

const built = await buildTestApp();

const card = (number: string, extra: Record<string, string> = {}) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  number,
  month: '12',
  year: String(new Date().getFullYear() + 3),
  cvv: '123',
  ...extra,
});

async function token(agent: Agent, number: string = SANDBOX_TEST_CARDS.success) {
  const answer = (await agent.post('/api/payments/sandbox/js/v1/token', card(number))).json() as {
    id?: string;
  };
  expect(answer.id).toMatch(/^tok_/);
  return answer.id!;
}

/**
 * The billing actions in an organisation's access log, written by the events' handlers after
 * each commit: at once, unless the machine is busy (waitFor's own limit is a second).
 */
async function expectBillingLog(organizationId: string, actions: string[]) {
  await vi.waitFor(
    async () => {
      const logged = await built.services.database.db
        .select({ service: accessLogs.service, action: accessLogs.action })
        .from(accessLogs)
        .where(eq(accessLogs.organizationId, organizationId));
      expect(
        logged
          .filter((l) => l.service === 'billing')
          .map((l) => l.action)
          .sort(),
      ).toEqual(actions);
    },
    { timeout: 10_000 },
  );
}

describe('billing with the sandbox processor', () => {
  it('cancels once and reactivates once, however often or however many at once it is asked (#30)', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const base = `/api/org/organizations/${org.id}`;
    const created = await owner.agent.post(`${base}/subscription`, {
      planCode: 'aiMonthly',
      paymentToken: await token(owner.agent),
    });
    expect(created.statusCode).toBe(201);
    const answers = async (method: 'DELETE' | 'PATCH', times: number) =>
      Promise.all(
        Array.from({ length: times }, () =>
          owner.agent.request(method, `${base}/subscriptions`, method === 'PATCH' ? {} : undefined),
        ),
      );
    // 40 cancels at once: one cancels, the others say it is canceled already (not a card error).
    const cancels = await answers('DELETE', 40);
    expect(cancels.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const refused of cancels.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        message: 'Your subscription is already canceled. It runs to the end of the paid period.',
        ref: 2076,
      });
    }
    const again = await owner.agent.delete(`${base}/subscriptions`);
    expect(again.json()).toMatchObject({ ref: 2076 });
    // 40 reactivations at once: one, and the rest are told there is nothing to reactivate.
    const reactivations = await answers('PATCH', 40);
    expect(reactivations.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(reactivations.filter((r) => r.statusCode === 409 && r.json().ref === 2077)).toHaveLength(
      39,
    );
    await expectBillingLog(org.id, ['cancel', 'reactivate', 'subscribe']);
  });

  it('subscribes with a promo code, then shows the card, the invoice PDF, cancels, reactivates and changes plan', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const base = `/api/org/organizations/${org.id}`;
    expect((await owner.agent.get('/api/payments/config')).json()).toMatchObject({
      provider: 'sandbox',
      tokenUrl: '/api/payments/sandbox/js/v1/token',
    });
    expect((await owner.agent.get(`${base}/billing`)).json()).toEqual({
      exists: false,
      billingInfo: null,
      invoiceAddress: null,
    });
    const coupon = await owner.agent.get(`${base}/coupons/welcome20`);
    expect(coupon.json()).toMatchObject({ discountType: 'percent', discountPercent: 20 });

    const created = await owner.agent.post(`${base}/subscription`, {
      planCode: 'aiMonthly',
      paymentToken: await token(owner.agent),
      couponCode: 'WELCOME20',
    });
    expect(created.statusCode).toBe(201);
    const body = created.json() as {
      subscription: {
        state: string;
        planCode: string;
        couponCodes: string[];
        unitAmountInCents: number;
      };
      billingInfo: { lastFour: string };
      adjustments: { description: string; amountInCents: number }[];
    };
    expect(body.subscription).toMatchObject({
      state: 'active',
      planCode: 'aiMonthly',
      couponCodes: ['WELCOME20'],
      unitAmountInCents: 5900,
    });
    expect(body.billingInfo.lastFour).toBe('1111');
    // The coupon as it is, and a rounding line: the card is charged the $47 checkout showed
    // ("Due today", whole dollars, part 1 §9.2), not $47.20 (#30).
    expect(body.adjustments.map((a) => a.amountInCents).sort((a, b) => a - b)).toEqual([
      -1180, -20, 5900,
    ]);
    expect(body.adjustments.find((a) => a.amountInCents === -20)?.description).toBe(
      'Rounding to whole dollars',
    );

    // The organisation follows: card on file, subscription, plan code; no longer invalid.
    const full = await onOrg(
      owner.agent,
      org.slug,
      'query($s: String) { fullOrganization(slug: $s) { license billing invalidSubscription isExpired } }',
      { s: org.slug },
    );
    expect(full.data?.fullOrganization).toMatchObject({
      license: 'garage',
      invalidSubscription: false,
      isExpired: false,
      billing: { cardOnFile: true, planCode: 'aiMonthly' },
    });
    // The same code twice on one account is refused.
    const again = await owner.agent.get(`${base}/coupons/WELCOME20`);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This code has already been applied to your account');

    const invoices = (await owner.agent.get(`${base}/invoices`)).json() as {
      id: string;
      totalInCents: number;
      state: string;
    }[];
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ totalInCents: 4700, state: 'paid' });
    const link = (
      await owner.agent.get(`${base}/invoices/${invoices[0]!.id}?format=pdf`)
    ).json() as {
      url: string;
    };
    const pdf = await owner.agent.get(link.url);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const missing = await owner.agent.get(`${base}/invoices/inv_nothere?format=pdf`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MESSAGES.invoiceNotFound);

    const canceled = await owner.agent.delete(`${base}/subscriptions`);
    expect(canceled.json()).toMatchObject({ state: 'canceled' });
    const reactivated = await owner.agent.request('PATCH', `${base}/subscriptions`, {});
    expect(reactivated.json()).toMatchObject({ state: 'active' });
    expect((await owner.agent.get(`${base}/subscriptions`)).json()).toMatchObject({
      state: 'active',
      planName: 'Garage',
    });

    const changed = await owner.agent.put(`${base}/subscriptions`, {
      planCode: 'aiBusinessYearly',
    });
    expect(changed.json()).toMatchObject({
      subscription: { planCode: 'aiBusinessYearly', unitAmountInCents: 990000 },
    });
    // The owners hear of it: from, to, who, the price, and the difference charged now.
    const told = await lastMailTo(built.services, owner.email);
    expect(told?.subject).toMatch(/'s plan changed to Business$/);
    expect(told?.text).toMatch(
      /changed .*'s plan from Garage to Business \(\$9900 a year\)\.\nThe difference, \$[\d.]+, was charged to the card on file; the new period starts today\./,
    );
    const after = await onOrg(
      owner.agent,
      org.slug,
      'query($s: String) { fullOrganization(slug: $s) { license limits { project profile } } }',
      { s: org.slug },
    );
    expect(after.data?.fullOrganization).toMatchObject({
      license: 'businessAI',
      limits: { project: 10, profile: 10 },
    });
    // Every billing change leaves its trace in the access log.
    await expectBillingLog(org.id, ['cancel', 'changePlan', 'reactivate', 'subscribe']);
    // A second first subscription is refused.
    const twice = await owner.agent.post(`${base}/subscription`, { planCode: 'aiMonthly' });
    expect(twice.statusCode).toBe(409);
  });

  it('says why a card is refused, and keeps nothing of a refused card', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const base = `/api/org/organizations/${org.id}`;
    const declined = await owner.agent.post(`${base}/subscription`, {
      planCode: 'aiMonthly',
      paymentToken: await token(owner.agent, SANDBOX_TEST_CARDS.declined),
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe('Card number declined');
    const cvv = await owner.agent.post(`${base}/subscription`, {
      planCode: 'aiMonthly',
      paymentToken: await token(owner.agent, SANDBOX_TEST_CARDS.cvvMismatch),
    });
    expect(cvv.json().message).toBe('CVV / Security code did not match');
    const expired = await owner.agent.post(`${base}/subscription`, {
      planCode: 'aiYearly',
      paymentToken: await token(owner.agent, SANDBOX_TEST_CARDS.expired),
    });
    expect(expired.json().message).toBe('The card has expired');
    // No subscription was made, and the organisation has no card on file.
    expect((await owner.agent.get(`${base}/subscriptions`)).statusCode).toBe(404);
    expect((await owner.agent.get(`${base}/invoices`)).json()).toEqual([]);

    // The tokenizer names the wrong fields; a token is used once.
    const invalid = (
      await owner.agent.post(
        '/api/payments/sandbox/js/v1/token',
        card('4111111111111112', { cvv: '1' }),
      )
    ).json();
    expect(invalid).toEqual({
      error: {
        code: 'validation',
        message: 'There was an error validating your request.',
        fields: ['number', 'cvv'],
      },
    });
    const good = await token(owner.agent);
    expect(
      (
        await owner.agent.post(`${base}/subscription`, {
          planCode: 'aiMonthly',
          paymentToken: good,
        })
      ).statusCode,
    ).toBe(201);
    const reused = await owner.agent.put(`${base}/billing`, { token: good });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(MESSAGES.paymentDetailsInvalid);

    const unknown = await owner.agent.get(`${base}/coupons/NOPE`);
    expect(unknown.json().message).toBe('This promo is not valid');
    const old = await owner.agent.get(`${base}/coupons/SPRING2020`);
    expect(old.json().message).toBe('This promo is not valid');
  });

  it('refuses a declined card at once when updating the card, and keeps the one on file (#26 bug 1)', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const base = `/api/org/organizations/${org.id}`;
    const paid = await owner.agent.post(`${base}/subscription`, {
      planCode: 'aiMonthly',
      paymentToken: await token(owner.agent),
    });
    expect(paid.statusCode).toBe(201);
    const before = (await owner.agent.get(`${base}/billing`)).json();
    expect(before.billingInfo.lastFour).toBe('1111');
    for (const [number, message] of [
      [SANDBOX_TEST_CARDS.declined, 'Card number declined'],
      [SANDBOX_TEST_CARDS.cvvMismatch, 'CVV / Security code did not match'],
      [SANDBOX_TEST_CARDS.expired, 'The card has expired'],
    ] as const) {
      const refused = await owner.agent.put(`${base}/billing`, {
        token: await token(owner.agent, number),
      });
      expect(refused.statusCode).toBe(402);
      expect(refused.json().message).toBe(message);
    }
    const after = (await owner.agent.get(`${base}/billing`)).json();
    expect(after.billingInfo).toEqual(before.billingInfo);
  });

  it('redeems a promo code with a new card, and takes it off the first invoice', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const base = `/api/org/organizations/${org.id}`;
    const card = await owner.agent.put(`${base}/billing?couponCode=SAVE10`, {
      token: await token(owner.agent),
    });
    expect(card.json()).toMatchObject({ exists: true, billingInfo: { lastFour: '1111' } });
    // Used once only.
    const twice = await owner.agent.put(`${base}/billing?couponCode=SAVE10`, {
      token: await token(owner.agent),
    });
    expect(twice.json().message).toBe('This code has already been applied to your account');
    // The card on file pays; the redeemed $10 comes off.
    const created = await owner.agent.post(`${base}/subscription`, { planCode: 'aiMonthly' });
    expect(created.statusCode).toBe(201);
    expect(created.json().subscription.couponCodes).toEqual(['SAVE10']);
    const [invoice] = (await owner.agent.get(`${base}/invoices`)).json() as {
      totalInCents: number;
    }[];
    expect(invoice!.totalInCents).toBe(4900);
  });

  it('treats a card past its expiry as invalid, expires the plan 7 days later, and a new card fixes it', async () => {
    const { owner, org } = await ownerWithOrganization(built, { paid: false });
    const base = `/api/org/organizations/${org.id}`;
    const host = { host: `${org.slug}.assay.test` };
    await owner.agent.post(`${base}/subscription`, {
      planCode: 'aiMonthly',
      paymentToken: await token(owner.agent),
    });
    const status = async () =>
      (
        (await owner.agent.get('/api/bootstrap', host)).json() as {
          organization: { billingStatus: Record<string, boolean | null> };
        }
      ).organization.billingStatus;
    expect(await status()).toEqual({
      isExpired: false,
      invalidSubscription: false,
      invalidCard: false,
      pastDue: null,
    });
    const [row] = await built.services.database.db
      .select({ billing: organizations.billing })
      .from(organizations)
      .where(eq(organizations.id, org.id));
    expect(row!.billing.cardExpiresAt).toMatch(/-12-31T23:59:59/);
    const setCardEnd = (daysAgo: number) =>
      built.services.database.db
        .update(organizations)
        .set({
          billing: {
            ...row!.billing,
            cardExpiresAt: new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000).toISOString(),
          },
        })
        .where(eq(organizations.id, org.id));
    await setCardEnd(2);
    expect(await status()).toEqual({
      isExpired: false,
      invalidSubscription: false,
      invalidCard: true,
      pastDue: null,
    });
    await setCardEnd(8);
    expect(await status()).toMatchObject({ isExpired: true, invalidCard: true });
    await owner.agent.put(`${base}/billing`, { token: await token(owner.agent) });
    expect(await status()).toEqual({
      isExpired: false,
      invalidSubscription: false,
      invalidCard: false,
      pastDue: null,
    });
  });

  it('refuses a smaller plan without room for the members there are, saying how many to remove (#30)', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const base = `/api/org/organizations/${org.id}`;
    await owner.agent.post(`${base}/subscription`, {
      planCode: 'aiBusinessMonthly',
      paymentToken: await token(owner.agent),
    });
    const members = [];
    for (let i = 0; i < 3; i++)
      members.push(await addMember(built, owner.agent, org, 'collaborator'));
    // Owner + 3 members = 4; Garage has room for 3.
    const refused = await owner.agent.put(`${base}/subscriptions`, { planCode: 'aiMonthly' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      ref: 2089,
      message:
        'The Garage plan has room for 3 members and invitations; Team has 4 (4 members, 0 invitations). Remove 1 first, then change the plan.',
    });
    const [before] = await built.services.database.db
      .select({ license: organizations.license })
      .from(organizations)
      .where(eq(organizations.id, org.id));
    expect(before!.license).toBe('businessAI');
    await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!) { disableMember(profileId: $id) { id } }',
      {
        id: members[0]!.profileId,
      },
    );
    const changed = await owner.agent.put(`${base}/subscriptions`, { planCode: 'aiMonthly' });
    expect(changed.statusCode).toBe(200);
  });

  it('lets only the owner pay, admins read, and nobody from elsewhere', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const base = `/api/org/organizations/${org.id}`;
    await owner.agent.post(`${base}/subscription`, {
      planCode: 'aiMonthly',
      paymentToken: await token(owner.agent),
    });
    const admin = await addMember(built, owner.agent, org, 'admin');
    const collaborator = await addMember(built, owner.agent, org, 'collaborator');
    const stranger = await ownerWithOrganization(built);
    expect((await admin.agent.get(`${base}/billing`)).json()).toMatchObject({ exists: true });
    expect((await admin.agent.delete(`${base}/subscriptions`)).statusCode).toBe(403);
    expect(
      (await admin.agent.put(`${base}/subscriptions`, { planCode: 'aiYearly' })).statusCode,
    ).toBe(403);
    expect((await collaborator.agent.get(`${base}/billing`)).statusCode).toBe(403);
    expect((await collaborator.agent.get(`${base}/invoices`)).statusCode).toBe(403);
    for (const path of ['billing', 'subscriptions', 'invoices', 'adjustments']) {
      expect([403, 404]).toContain((await stranger.owner.agent.get(`${base}/${path}`)).statusCode);
    }
    // Another organisation's invoice id is not found from this one.
    const theirs = (await owner.agent.get(`${base}/invoices`)).json() as { id: string }[];
    const strangerBase = `/api/org/organizations/${stranger.org.id}`;
    const peek = await stranger.owner.agent.get(
      `${strangerBase}/invoices/${theirs[0]!.id}?format=pdf`,
    );
    expect(peek.statusCode).toBe(404);
  });
});

describe('the Recurly client over HTTP', () => {
  it('speaks the v3 protocol (version header, basic auth) to a local server', async () => {
    const sandbox = createSandbox({
      db: built.services.database.db,
      apiKey: 'key-123',
      webhookKey: 'webhook-key',
    });
    const seen: { accept?: string; path?: string }[] = [];
    const server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      seen.push({ accept: req.headers.accept, path: req.url });
      const response = await sandbox.fetch(`http://local${req.url}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: chunks.length ? Buffer.concat(chunks).toString() : undefined,
      });
      res.writeHead(response.status, {
        'content-type': response.headers.get('content-type') ?? '',
      });
      res.end(Buffer.from(await response.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const client = createRecurlyClient({
        baseUrl: `http://127.0.0.1:${port}/v3`,
        apiKey: 'key-123',
        clientConfig: { provider: 'recurly', tokenUrl: null, publicKey: 'pk', scriptUrl: null },
      });
      const code = `acct-${Date.now()}`;
      await client.ensureAccount({
        code,
        email: 'a@example.com',
        firstName: 'A',
        lastName: 'B',
        company: 'C',
      });
      await client.ensureAccount({
        code,
        email: 'a@example.com',
        firstName: 'A',
        lastName: 'B',
        company: 'C',
      });
      const tok = (await sandbox.tokenize(card(SANDBOX_TEST_CARDS.success))) as { id: string };
      expect((await client.setBillingInfo(code, tok.id)).lastFour).toBe('1111');
      const sub = await client.createSubscription({
        accountCode: code,
        planCode: 'aiYearly',
        couponCodes: ['SAVE10'],
      });
      expect(sub).toMatchObject({
        planCode: 'aiYearly',
        unitAmountInCents: 59000,
        couponApplied: true,
      });
      const [invoice] = await client.listInvoices(code);
      expect(invoice!.totalInCents).toBe(58000);
      // A one-off charge (POST /purchases), as a cohort's editor fee is paid.
      const charged = await client.purchase({
        accountCode: code,
        description: 'Cohort editor access',
        cents: 4900,
      });
      expect(charged).toMatchObject({ totalInCents: 4900 });
      expect(seen.map((s) => s.path)).toContain('/v3/purchases');
      expect(
        Buffer.from(await client.invoicePdf(invoice!.id))
          .subarray(0, 4)
          .toString(),
      ).toBe('%PDF');
      await expect(client.getInvoice('someone-else', invoice!.id)).rejects.toMatchObject({
        code: 'invoiceNotFound',
      });
      expect(seen.every((s) => s.accept?.startsWith('application/vnd.recurly.v2021-02-25'))).toBe(
        true,
      );
      expect(seen.map((s) => s.path)).toContain(`/v3/accounts/code-${code}/billing_info`);
      expect(RECURLY_ACCEPT).toBe('application/vnd.recurly.v2021-02-25+json');

      const wrongKey = createRecurlyClient({
        baseUrl: `http://127.0.0.1:${port}/v3`,
        apiKey: 'wrong',
        clientConfig: { provider: 'recurly', tokenUrl: null, publicKey: null, scriptUrl: null },
      });
      await expect(wrongKey.lookupCoupon('SAVE10')).rejects.toBeInstanceOf(AppError);
    } finally {
      server.close();
    }
  });
});
