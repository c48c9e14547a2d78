/**
 * A client for the part of Recurly's v3 API (version 2021-02-25) that billing uses: accounts,
 * billing info from a Recurly.js token, subscriptions (create, change, cancel, reactivate),
 * coupons and redemptions, line items (adjustments) and invoices with their PDF. The transport is
 * a fetch function, so the same client talks to api.recurly.com, to a local server that speaks
 * the protocol in tests, or in process to the embedded sandbox.
 */
import {
  AppError,
  planForCode,
  type Adjustment,
  type BillingInfo,
  type ErrorCode,
  type Invoice,
  type Subscription,
  type SubscriptionState,
} from '@assay/domain';
import type { AccountDetails, PaymentProcessor, PaymentsClientConfig } from './processor.ts';

export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

export const RECURLY_ACCEPT = 'application/vnd.recurly.v2021-02-25+json';

export interface RecurlyOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: Fetch;
  clientConfig: PaymentsClientConfig;
  timeoutMs?: number;
}

interface RecurlyError {
  error?: {
    type?: string;
    message?: string;
    params?: { param?: string; message?: string }[];
    transaction_error?: { code?: string; message?: string; customer_message?: string };
  };
}

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0) || 0);
const cents = (dollars: unknown) => Math.round(num(dollars) * 100);
const obj = (v: unknown): Json => (typeof v === 'object' && v !== null ? (v as Json) : {});
const list = (v: unknown): Json[] => (Array.isArray(obj(v).data) ? (obj(v).data as Json[]) : []);

export function presentSubscription(s: Json): Subscription {
  const plan = obj(s.plan);
  const code = str(plan.code);
  const redemptions = Array.isArray(s.coupon_redemptions) ? (s.coupon_redemptions as Json[]) : [];
  const couponCodes = redemptions.map((r) => str(obj(r.coupon).code)).filter(Boolean);
  return {
    uuid: str(s.uuid),
    planCode: code,
    planName: str(plan.name) || planForCode(code)?.plan.name || code,
    unitAmountInCents: cents(s.unit_amount),
    quantity: num(s.quantity) || 1,
    limitedQuantity: null,
    currentPeriodEndsAt: str(s.current_period_ends_at) || null,
    state: (str(s.state) || 'active') as SubscriptionState,
    couponApplied: couponCodes.length > 0,
    couponCodes,
  };
}

function presentBillingInfo(b: Json): BillingInfo {
  const method = obj(b.payment_method);
  return {
    firstName: str(b.first_name),
    lastName: str(b.last_name),
    lastFour: str(method.last_four),
    month: num(method.exp_month),
    year: num(method.exp_year),
    cardType: str(method.card_type) || null,
  };
}

function presentInvoice(i: Json): Invoice {
  const state = str(i.state);
  return {
    id: str(i.id),
    number: str(i.number),
    state: state === 'paid' ? 'paid' : state === 'failed' ? 'failed' : 'pending',
    totalInCents: cents(i.total),
    createdAt: str(i.created_at),
  };
}

/** Recurly's answer, or the catalogue error that says what went wrong to the person paying. */
function errorFor(status: number, body: RecurlyError, notFound: ErrorCode): AppError {
  const e = body.error ?? {};
  if (status === 404 || e.type === 'not_found') return new AppError(notFound);
  if (e.type === 'transaction') {
    const code = e.transaction_error?.code ?? '';
    if (code === 'fraud_security_code' || code === 'invalid_security_code')
      return new AppError('cvvMismatch');
    if (code === 'expired_card') return new AppError('cardExpired');
    return new AppError('cardDeclined');
  }
  if (e.type === 'validation') {
    const text = `${e.message ?? ''} ${(e.params ?? []).map((p) => p.message ?? '').join(' ')}`;
    if (/already been redeemed|already redeemed|already applied/i.test(text))
      return new AppError('promoAlreadyApplied');
    if ((e.params ?? []).some((p) => /coupon/i.test(p.param ?? '')))
      return new AppError('promoNotValid');
    return new AppError('paymentDetails');
  }
  return new AppError('paymentProcessorUnavailable');
}

export function createRecurlyClient(options: RecurlyOptions): PaymentProcessor {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch: Fetch = options.fetch ?? ((url, init) => fetch(url, init));
  const authorization = `Basic ${Buffer.from(`${options.apiKey}:`).toString('base64')}`;

  async function call(
    method: string,
    path: string,
    body: Json | undefined,
    notFound: ErrorCode = 'notFound',
    accept = RECURLY_ACCEPT,
  ): Promise<Response> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: {
          Accept: accept,
          Authorization: authorization,
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
      });
    } catch {
      throw new AppError('paymentProcessorUnavailable');
    }
    if (response.ok) return response;
    let parsed: RecurlyError = {};
    try {
      parsed = (await response.json()) as RecurlyError;
    } catch {
      // not JSON: the processor is not answering as it should
    }
    throw errorFor(response.status, parsed, notFound);
  }

  const json = async (
    method: string,
    path: string,
    body?: Json,
    notFound: ErrorCode = 'notFound',
  ): Promise<Json> => obj(await (await call(method, path, body, notFound)).json());

  const account = (code: string) => `/accounts/code-${encodeURIComponent(code)}`;
  const subscription = (uuid: string) => `/subscriptions/uuid-${encodeURIComponent(uuid)}`;

  return {
    clientConfig: options.clientConfig,

    async ensureAccount(details: AccountDetails) {
      try {
        await json('GET', account(details.code));
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'notFound') throw error;
        await json('POST', '/accounts', {
          code: details.code,
          email: details.email,
          first_name: details.firstName,
          last_name: details.lastName,
          company: details.company,
        });
      }
    },

    async setInvoiceAddress(accountCode, address) {
      // Recurly keeps one name per account: the contact's, split at its last space.
      const name = address.name.trim();
      const cut = name.lastIndexOf(' ');
      await json('PUT', account(accountCode), {
        company: address.company || undefined,
        first_name: cut > 0 ? name.slice(0, cut) : name,
        last_name: cut > 0 ? name.slice(cut + 1) : '',
        cc_emails: address.email || undefined,
        vat_number: address.vatNumber || undefined,
        address: {
          street1: address.line1,
          street2: address.line2,
          city: address.city,
          region: address.region,
          postal_code: address.postalCode,
          country: address.country,
        },
      });
    },

    async setBillingInfo(accountCode, token) {
      return presentBillingInfo(
        await json('PUT', `${account(accountCode)}/billing_info`, { token_id: token }),
      );
    },

    async getBillingInfo(accountCode) {
      try {
        return presentBillingInfo(await json('GET', `${account(accountCode)}/billing_info`));
      } catch (error) {
        if (error instanceof AppError && error.code === 'notFound') return null;
        throw error;
      }
    },

    async createSubscription({ accountCode, planCode, couponCodes, quantity }) {
      return presentSubscription(
        await json('POST', '/subscriptions', {
          plan_code: planCode,
          currency: 'USD',
          account: { code: accountCode },
          ...(couponCodes.length ? { coupon_codes: couponCodes } : {}),
          ...(quantity ? { quantity } : {}),
        }),
      );
    },

    async getSubscription(uuid) {
      return presentSubscription(
        await json('GET', subscription(uuid), undefined, 'noSubscription'),
      );
    },

    async changeSubscription(uuid, planCode) {
      await json(
        'POST',
        `${subscription(uuid)}/change`,
        { plan_code: planCode, timeframe: 'now' },
        'noSubscription',
      );
      return this.getSubscription(uuid);
    },

    async cancelSubscription(uuid) {
      return presentSubscription(
        await json('PUT', `${subscription(uuid)}/cancel`, undefined, 'noSubscription'),
      );
    },

    async reactivateSubscription(uuid) {
      return presentSubscription(
        await json('PUT', `${subscription(uuid)}/reactivate`, undefined, 'noSubscription'),
      );
    },

    async lookupCoupon(code) {
      const coupon = await json(
        'GET',
        `/coupons/code-${encodeURIComponent(code)}`,
        undefined,
        'promoNotValid',
      );
      if (str(coupon.state) !== 'redeemable') throw new AppError('promoNotValid');
      const discount = obj(coupon.discount);
      if (str(discount.type) === 'percent') {
        return {
          code: str(coupon.code),
          discountType: 'percent',
          discountPercent: num(discount.percent),
        };
      }
      const currencies = Array.isArray(discount.currencies) ? (discount.currencies as Json[]) : [];
      const usd = currencies.find((c) => str(c.currency) === 'USD') ?? currencies[0] ?? {};
      return {
        code: str(coupon.code),
        discountType: 'dollars',
        discountInCents: cents(usd.amount),
      };
    },

    async redeemCoupon(accountCode, code) {
      await json('POST', `${account(accountCode)}/coupon_redemptions`, {
        coupon_id: `code-${code}`,
        currency: 'USD',
      });
    },

    async addLineItem(accountCode, item) {
      await json('POST', `${account(accountCode)}/line_items`, {
        currency: 'USD',
        type: item.cents < 0 ? 'credit' : 'charge',
        unit_amount: Math.abs(item.cents) / 100,
        description: item.description,
      });
    },

    async redeemedCoupons(accountCode) {
      try {
        const answer = await json('GET', `${account(accountCode)}/coupon_redemptions`);
        return list(answer).map((r) => str(obj(r.coupon).code));
      } catch (error) {
        if (error instanceof AppError && error.code === 'notFound') return [];
        throw error;
      }
    },

    async purchase({ accountCode, description, cents }) {
      const answer = await json('POST', '/purchases', {
        currency: 'USD',
        account: { code: accountCode },
        line_items: [{ currency: 'USD', unit_amount: cents / 100, description, type: 'charge' }],
      });
      return presentInvoice(obj(answer.charge_invoice));
    },

    async listAdjustments(accountCode) {
      const answer = await json('GET', `${account(accountCode)}/line_items?limit=200`);
      return list(answer).map((item): Adjustment => ({
        id: str(item.id),
        description: str(item.description),
        amountInCents: cents(item.amount),
        createdAt: str(item.created_at),
      }));
    },

    async listInvoices(accountCode) {
      const answer = await json('GET', `${account(accountCode)}/invoices?limit=200`);
      return list(answer).map(presentInvoice);
    },

    async getInvoice(accountCode, invoiceId) {
      const invoice = await json(
        'GET',
        `/invoices/${encodeURIComponent(invoiceId)}`,
        undefined,
        'invoiceNotFound',
      );
      if (str(obj(invoice.account).code) !== accountCode) throw new AppError('invoiceNotFound');
      return presentInvoice(invoice);
    },

    async findInvoice(invoiceId) {
      const invoice = await json(
        'GET',
        `/invoices/${encodeURIComponent(invoiceId)}`,
        undefined,
        'invoiceNotFound',
      );
      return {
        accountCode: str(obj(invoice.account).code),
        invoice: presentInvoice(invoice),
        pastDue: str(invoice.state) === 'past_due',
      };
    },

    async invoicePdf(invoiceId) {
      const response = await call(
        'GET',
        `/invoices/${encodeURIComponent(invoiceId)}.pdf`,
        undefined,
        'invoiceNotFound',
        `${RECURLY_ACCEPT.replace('+json', '')}+pdf, application/pdf`,
      );
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}
