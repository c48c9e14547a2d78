/**
 * The embedded sandbox card processor: it speaks the part of Recurly's v3 API that the billing
 * client calls (see recurly.ts), in process, with its records in the database, and it tokenizes
 * cards for the browser the way Recurly.js does (POST …/js/v1/token). No card number is ever
 * stored: a token keeps the last four digits, the expiry and what the test card does when charged.
 *
 * Test cards (domain SANDBOX_TEST_CARDS): 4111 1111 1111 1111 pays; 4000 0000 0000 0002 is
 * declined; 4000 0000 0000 0101 fails the security code; 4000 0000 0000 0069 has expired; a
 * number that fails the checksum, a past expiry or a short CVV is a validation error.
 * Coupons: WELCOME20 (20 percent), SAVE10 (10 dollars), SPRING2020 (expired).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  cardFieldErrors,
  planForCode,
  sandboxCardOutcome,
  sandboxCardSchema,
  type CardOutcome,
} from '@assay/domain';
import type { Executor } from '../db/index.ts';
import type { Fetch } from './recurly.ts';
import {
  addPeriod,
  invalid,
  invoicePdf,
  notFound,
  obj,
  presentBilling,
  str,
  transactionError,
  type Answer,
  type Json,
} from './sandbox-answers.ts';
import { createSandboxLifecycle } from './sandbox-lifecycle.ts';
import { createSandboxStore } from './sandbox-store.ts';
import { signWebhook } from './webhook-signature.ts';

export const SANDBOX_COUPONS: Record<string, Json> = {
  WELCOME20: { type: 'percent', percent: 20, state: 'redeemable', name: 'Welcome, 20% off' },
  SAVE10: { type: 'fixed', amount: 10, state: 'redeemable', name: '$10 off' },
  SPRING2020: { type: 'percent', percent: 50, state: 'expired', name: 'Spring 2020' },
};

export interface Sandbox {
  /** The Recurly-shaped API, as a fetch function for the client. */
  fetch: Fetch;
  /** Recurly.js-style tokenization of card fields sent by the browser. */
  tokenize(body: unknown): Promise<Json>;
  /** Renewals, dunning and expiry up to the sandbox's now (Recurly does these on its own). */
  run(options?: { only?: readonly string[] }): Promise<void>;
  /** The sandbox's time, which tests move forward (never the app's). */
  clock: { now(): Date; advance(ms: number): void };
  /** Where its webhook notifications go: the raw JSON body and its `recurly-signature`. */
  onNotification(receiver: (body: string, signature: string) => Promise<unknown>): void;
}

export function createSandbox(options: {
  db: Executor;
  apiKey: string;
  /** The key its notifications are signed with. */
  webhookKey: string;
  /** Tax rates (percent) by the invoice address's country. */
  taxRates?: Record<string, number>;
}): Sandbox {
  const { db } = options;
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  let receiver: ((body: string, signature: string) => Promise<unknown>) | null = null;

  const store = createSandboxStore(db, now, options.taxRates);
  const { get, put, transition, all, lineItem, charge } = store;
  const lifecycle = createSandboxLifecycle(store, now, async (notification) => {
    const body = JSON.stringify(notification);
    let delivered = false;
    try {
      await receiver?.(body, signWebhook(options.webhookKey, body));
      delivered = receiver !== null;
    } catch {
      // Kept as undelivered, as Recurly keeps a notification its endpoint refused.
    }
    await put('notification', notification.id, { ...notification, delivered });
  });

  async function handle(method: string, path: string, body: Json): Promise<Answer> {
    const segments = path.split('?')[0]!.split('/').filter(Boolean).map(decodeURIComponent);
    const [root, key, sub, action] = segments;
    const code = key?.replace(/^code-/, '') ?? '';

    if (root === 'accounts' && !key && method === 'POST') {
      const accountCode = str(body.code);
      if (!accountCode) return invalid('code is required', 'code');
      if (await get('account', accountCode)) return invalid('code has already been taken', 'code');
      const account = {
        code: accountCode,
        email: body.email,
        first_name: body.first_name,
        last_name: body.last_name,
        company: body.company,
        state: 'active',
        created_at: now().toISOString(),
      };
      return { status: 201, json: await put('account', accountCode, account, accountCode) };
    }
    if (root === 'accounts' && key) {
      const account = await get('account', code);
      if (!account) return notFound(`Account with code = ${code}`);
      if (!sub && method === 'GET') return { status: 200, json: account };
      if (!sub && method === 'PUT') {
        // The account's details and its address, as Recurly's PUT /accounts/{id} takes them.
        const fields = ['company', 'email', 'first_name', 'last_name', 'vat_number', 'cc_emails'];
        const updated: Json = { ...account };
        for (const field of fields)
          if (typeof body[field] === 'string') updated[field] = body[field];
        if (body.address !== undefined) updated.address = obj(body.address);
        return { status: 200, json: await put('account', code, updated, code) };
      }
      if (sub === 'billing_info' && method === 'PUT') {
        const tokenId = str(body.token_id);
        const token = tokenId ? await get('token', tokenId) : null;
        if (!token || token.used) return invalid('Token is invalid or expired', 'token_id');
        await put('token', tokenId, { ...token, used: true });
        // The processor verifies a new card before keeping it: a refused one never replaces the
        // card on file (#26 bug 1).
        const refused = transactionError(str(token.outcome) as CardOutcome);
        if (refused) return refused;
        const billing = { ...token, used: undefined, updated_at: now().toISOString() };
        await put('billing_info', code, billing, code);
        // As Recurly does: a new card pays what is past due.
        await lifecycle.collectPastDue(code);
        return { status: 200, json: presentBilling(billing) };
      }
      if (sub === 'billing_info' && method === 'GET') {
        const billing = await get('billing_info', code);
        return billing ? { status: 200, json: presentBilling(billing) } : notFound('billing info');
      }
      if (sub === 'coupon_redemptions' && method === 'POST') {
        const couponCode = str(body.coupon_id)
          .replace(/^code-/, '')
          .toUpperCase();
        const coupon = SANDBOX_COUPONS[couponCode];
        if (!coupon || coupon.state !== 'redeemable')
          return invalid(`Coupon ${couponCode} is not redeemable`, 'coupon_id');
        const redeemed = (await all('redemption', code)).map((r) => str(obj(r.coupon).code));
        if (redeemed.includes(couponCode))
          return invalid(
            `Coupon ${couponCode} has already been redeemed by this account`,
            'coupon_id',
          );
        const redemption = {
          id: `cr_${randomBytes(6).toString('hex')}`,
          coupon: { code: couponCode },
          state: 'active',
          applied: false,
          created_at: now().toISOString(),
        };
        return { status: 201, json: await put('redemption', redemption.id, redemption, code) };
      }
      if (sub === 'coupon_redemptions' && method === 'GET') {
        return { status: 200, json: { object: 'list', data: await all('redemption', code) } };
      }
      if (sub === 'line_items' && method === 'POST') {
        const cents = Math.round(Number(body.unit_amount) * 100);
        if (!Number.isFinite(cents) || cents <= 0)
          return invalid('unit_amount must be positive', 'unit_amount');
        const id = `li_${randomBytes(8).toString('hex')}`;
        const item = {
          id,
          description: str(body.description),
          amount: (body.type === 'credit' ? -cents : cents) / 100,
          state: 'pending',
          created_at: now().toISOString(),
        };
        // Pending until the next invoice takes it (subscriptions read them below).
        await put('pending_item', id, item, code);
        return { status: 201, json: item };
      }
      if (sub === 'line_items' && method === 'GET') {
        return { status: 200, json: { object: 'list', data: await all('line_item', code) } };
      }
      if (sub === 'invoices' && method === 'GET') {
        return { status: 200, json: { object: 'list', data: await all('invoice', code) } };
      }
    }
    if (root === 'purchases' && !key && method === 'POST') {
      const accountCode = str(obj(body.account).code);
      if (!(await get('account', accountCode)))
        return notFound(`Account with code = ${accountCode}`);
      const lines = Array.isArray(body.line_items) ? body.line_items.map(obj) : [];
      const items = lines.map((line) => ({
        description: str(line.description),
        cents: Math.round(Number(line.unit_amount) * 100),
      }));
      if (items.length === 0 || items.some((i) => !Number.isFinite(i.cents) || i.cents <= 0))
        return invalid('line_items must have a positive unit_amount', 'line_items');
      // The invoice this purchase made (others may be made at the same moment).
      const refused = await store.cardRefusal(accountCode);
      if (refused) return refused;
      const invoice = await store.invoice(accountCode, items, { state: 'paid' });
      return {
        status: 201,
        json: { object: 'invoice_collection', charge_invoice: invoice ?? null },
      };
    }
    if (root === 'subscriptions' && !key && method === 'POST') {
      const accountCode = str(obj(body.account).code);
      if (!(await get('account', accountCode)))
        return notFound(`Account with code = ${accountCode}`);
      const found = planForCode(str(body.plan_code));
      if (!found) return invalid('plan_code is not a plan', 'plan_code');
      const price =
        ((found.period === 'monthly' ? found.plan.monthlyUsd : found.plan.yearlyUsd) ?? 0) * 100;
      const couponCodes = Array.isArray(body.coupon_codes) ? body.coupon_codes.map(String) : [];
      const redeemed = (await all('redemption', accountCode)).map((r) => str(obj(r.coupon).code));
      const items = [{ description: `${found.plan.name} plan (${found.period})`, cents: price }];
      // Coupons redeemed on the account beforehand apply to this first invoice.
      const waiting = (await all('redemption', accountCode)).filter((r) => r.applied === false);
      for (const redemption of waiting) {
        const coupon = SANDBOX_COUPONS[str(obj(redemption.coupon).code)];
        if (!coupon) continue;
        const off =
          coupon.type === 'percent'
            ? (price * Number(coupon.percent)) / 100
            : Number(coupon.amount) * 100;
        items.push({
          description: `Coupon ${str(obj(redemption.coupon).code)}`,
          cents: -Math.min(off, price),
        });
      }
      for (const couponCode of couponCodes) {
        const coupon = SANDBOX_COUPONS[couponCode.toUpperCase()];
        if (!coupon || coupon.state !== 'redeemable')
          return invalid(`Coupon ${couponCode} is not redeemable`, 'coupon_codes');
        if (redeemed.includes(couponCode.toUpperCase()))
          return invalid(
            `Coupon ${couponCode} has already been redeemed by this account`,
            'coupon_codes',
          );
        const off =
          coupon.type === 'percent'
            ? (price * Number(coupon.percent)) / 100
            : Number(coupon.amount) * 100;
        items.push({
          description: `Coupon ${couponCode.toUpperCase()}`,
          cents: -Math.min(off, price),
        });
      }
      const pending = (await all('pending_item', accountCode)).filter((p) => p.state === 'pending');
      for (const item of pending)
        items.push({
          description: str(item.description),
          cents: Math.round(Number(item.amount) * 100),
        });
      const started = now();
      const failed = await charge(accountCode, items, {
        service_period: {
          start: started.toISOString(),
          end: addPeriod(started, found.period).toISOString(),
        },
      });
      if (failed) return failed;
      for (const item of pending)
        await put('pending_item', str(item.id), { ...item, state: 'invoiced' }, accountCode);
      const uuid = randomUUID().replace(/-/g, '');
      const redemptions: Json[] = [];
      for (const redemption of waiting) {
        const applied = { ...redemption, applied: true };
        await put('redemption', str(redemption.id), applied, accountCode);
        redemptions.push(applied);
      }
      for (const couponCode of couponCodes) {
        const redemption = {
          id: `cr_${randomBytes(6).toString('hex')}`,
          coupon: { code: couponCode.toUpperCase() },
          state: 'active',
          created_at: started.toISOString(),
        };
        await put('redemption', redemption.id, redemption, accountCode);
        redemptions.push(redemption);
      }
      const subscription = {
        id: uuid,
        uuid,
        object: 'subscription',
        account: { code: accountCode },
        plan: { code: found.plan.planCodes![found.period], name: found.plan.name },
        state: 'active',
        unit_amount: price / 100,
        quantity: Number(body.quantity) || 1,
        current_period_started_at: started.toISOString(),
        current_period_ends_at: addPeriod(started, found.period).toISOString(),
        coupon_redemptions: redemptions,
        created_at: started.toISOString(),
      };
      return { status: 201, json: await put('subscription', uuid, subscription, accountCode) };
    }
    if (root === 'subscriptions' && key) {
      const uuid = key.replace(/^uuid-/, '');
      const subscription = await get('subscription', uuid);
      if (!subscription) return notFound(`Subscription with uuid = ${uuid}`);
      const accountCode = str(obj(subscription.account).code);
      if (!sub && method === 'GET') return { status: 200, json: subscription };
      if (sub === 'cancel' && method === 'PUT') {
        if (subscription.state !== 'active')
          return invalid('Only an active subscription can be canceled', 'state');
        const canceled = await transition('subscription', uuid, 'active', {
          ...subscription,
          state: 'canceled',
          canceled_at: now().toISOString(),
          expires_at: subscription.current_period_ends_at,
        });
        if (!canceled) return invalid('Only an active subscription can be canceled', 'state');
        return { status: 200, json: canceled };
      }
      if (sub === 'reactivate' && method === 'PUT') {
        if (subscription.state !== 'canceled')
          return invalid('Only a canceled subscription can be reactivated', 'state');
        const active = await transition('subscription', uuid, 'canceled', {
          ...subscription,
          state: 'active',
          canceled_at: null,
          expires_at: null,
        });
        if (!active) return invalid('Only a canceled subscription can be reactivated', 'state');
        return { status: 200, json: active };
      }
      if (sub === 'change' && method === 'POST') {
        const found = planForCode(str(body.plan_code));
        if (!found) return invalid('plan_code is not a plan', 'plan_code');
        const price =
          ((found.period === 'monthly' ? found.plan.monthlyUsd : found.plan.yearlyUsd) ?? 0) * 100;
        const before = Math.round(Number(subscription.unit_amount) * 100);
        if (price > before) {
          const failed = await charge(accountCode, [
            {
              description: `Change to the ${found.plan.name} plan (${found.period})`,
              cents: price - before,
            },
          ]);
          if (failed) return failed;
        } else if (price < before) {
          await lineItem(
            accountCode,
            `Credit: change to the ${found.plan.name} plan (${found.period})`,
            price - before,
            '',
          );
        }
        const started = now();
        const changed = {
          ...subscription,
          plan: { code: found.plan.planCodes![found.period], name: found.plan.name },
          unit_amount: price / 100,
          state: 'active',
          current_period_started_at: started.toISOString(),
          current_period_ends_at: addPeriod(started, found.period).toISOString(),
        };
        await put('subscription', uuid, changed, accountCode);
        return {
          status: 201,
          json: { object: 'subscription_change', subscription_id: uuid, activated: true },
        };
      }
    }
    if (root === 'coupons' && key && method === 'GET') {
      const couponCode = code.toUpperCase();
      const coupon = SANDBOX_COUPONS[couponCode];
      if (!coupon) return notFound(`Coupon with code = ${code}`);
      return {
        status: 200,
        json: {
          object: 'coupon',
          code: couponCode,
          name: coupon.name,
          state: coupon.state,
          discount:
            coupon.type === 'percent'
              ? { type: 'percent', percent: coupon.percent }
              : { type: 'fixed', currencies: [{ currency: 'USD', amount: coupon.amount }] },
        },
      };
    }
    if (root === 'invoices' && key && method === 'GET') {
      const pdf = key.endsWith('.pdf');
      const invoice = await get('invoice', pdf ? key.slice(0, -4) : key);
      if (!invoice) return notFound(`Invoice with id = ${key}`);
      return pdf ? { status: 200, pdf: await invoicePdf(invoice) } : { status: 200, json: invoice };
    }
    void action;
    return notFound(path);
  }

  const expected = `Basic ${Buffer.from(`${options.apiKey}:`).toString('base64')}`;

  return {
    run: (runOptions) => lifecycle.run(runOptions),
    clock: {
      now,
      advance(ms) {
        offsetMs += ms;
      },
    },
    onNotification(next) {
      receiver = next;
    },
    async fetch(url, init) {
      const headers = new Headers(init.headers);
      if (headers.get('authorization') !== expected) {
        return Response.json(
          { error: { type: 'unauthorized', message: 'Invalid API key' } },
          { status: 401 },
        );
      }
      const { pathname, search } = new URL(url);
      const path = pathname.replace(/^.*?\/v3(?=\/)/, '');
      const body = typeof init.body === 'string' && init.body ? obj(JSON.parse(init.body)) : {};
      const answer = await handle(init.method ?? 'GET', `${path}${search}`, body);
      if (answer.pdf) {
        return new Response(answer.pdf, {
          status: answer.status,
          headers: { 'Content-Type': 'application/pdf' },
        });
      }
      return Response.json(answer.json ?? {}, { status: answer.status });
    },

    async tokenize(input) {
      const raw = obj(input);
      const parsed = sandboxCardSchema.safeParse({
        firstName: str(raw.first_name),
        lastName: str(raw.last_name),
        number: str(raw.number),
        month: str(raw.month),
        year: str(raw.year),
        cvv: str(raw.cvv),
      });
      const fields = parsed.success
        ? cardFieldErrors(parsed.data, now())
        : [...new Set(parsed.error.issues.map((i) => String(i.path[0])))];
      if (!parsed.success || fields.length > 0) {
        const map: Record<string, string> = { firstName: 'first_name', lastName: 'last_name' };
        return {
          error: {
            code: 'validation',
            message: 'There was an error validating your request.',
            fields: fields.map((f) => map[f] ?? f),
          },
        };
      }
      const card = parsed.data;
      const digits = card.number.replace(/\D/g, '');
      const year = card.year.trim().length === 2 ? 2000 + Number(card.year) : Number(card.year);
      const id = `tok_${randomBytes(12).toString('hex')}`;
      await put('token', id, {
        first_name: card.firstName,
        last_name: card.lastName,
        last_four: digits.slice(-4),
        exp_month: Number(card.month),
        exp_year: year,
        card_type: digits.startsWith('4')
          ? 'Visa'
          : digits.startsWith('5')
            ? 'MasterCard'
            : 'Unknown',
        outcome: sandboxCardOutcome(digits),
        created_at: now().toISOString(),
      });
      return { id, type: 'credit_card' };
    },
  };
}
