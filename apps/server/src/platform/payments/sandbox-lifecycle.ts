/**
 * What Recurly does on its own, done by the embedded sandbox (#30): at the end of a period a
 * subscription renews — its card charged, or, when the card refuses, a past-due invoice that is
 * tried again on the dunning days (0, 3, 7) and, after the last failure, the subscription expired;
 * a canceled subscription expires at the end of its paid period; a new card on an account with a
 * past-due invoice pays it at once. Each step sends the JSON notification Recurly would send
 * (object_type, event_type, event_time and the object's uuid), signed the way Recurly signs its
 * webhooks; the app's webhook receiver reads the object again from the API, as Recurly advises.
 */
import { randomBytes } from 'node:crypto';
import { planForCode, TIMERS } from '@assay/domain';
import { addPeriod, obj, str, type Json } from './sandbox-answers.ts';
import type { SandboxStore } from './sandbox-store.ts';

export interface SandboxNotification {
  id: string;
  object_type: 'subscription' | 'charge_invoice';
  site_id: string;
  event_type: string;
  event_time: string;
  uuid: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function createSandboxLifecycle(
  store: SandboxStore,
  now: () => Date,
  notify: (notification: SandboxNotification) => Promise<void>,
) {
  const send = (
    objectType: SandboxNotification['object_type'],
    eventType: string,
    uuid: string,
    at: Date,
  ) =>
    notify({
      id: `ntf_${randomBytes(8).toString('hex')}`,
      object_type: objectType,
      site_id: 'sandbox',
      event_type: eventType,
      event_time: at.toISOString(),
      uuid,
    });

  const saveSubscription = (s: Json) =>
    store.put('subscription', str(s.uuid), s, str(obj(s.account).code));

  /** Tries a past-due invoice's payment again; true when it is paid now. */
  async function collect(s: Json, invoice: Json, at: Date): Promise<boolean> {
    const accountCode = str(obj(s.account).code);
    if (await store.cardRefusal(accountCode, at)) return false;
    await store.put(
      'invoice',
      str(invoice.id),
      { ...invoice, state: 'paid', paid_at: at.toISOString() },
      accountCode,
    );
    await saveSubscription({ ...s, past_due_invoice: null });
    await send('charge_invoice', 'paid', str(invoice.id), at);
    return true;
  }

  /** Brings one subscription up to now: renewals, retries, expiry, in the order they fall due. */
  async function advance(start: Json) {
    let s = start;
    for (let step = 0; step < 100; step++) {
      const clock = now();
      const accountCode = str(obj(s.account).code);
      if (s.state === 'canceled') {
        const ends = new Date(str(s.expires_at) || str(s.current_period_ends_at));
        if (ends.getTime() > clock.getTime()) return;
        s = { ...s, state: 'expired', expired_at: ends.toISOString() };
        await saveSubscription(s);
        await send('subscription', 'expired', str(s.uuid), ends);
        return;
      }
      if (s.state !== 'active') return;
      const pastDue = str(s.past_due_invoice);
      if (pastDue) {
        const invoice = await store.get('invoice', pastDue);
        if (!invoice || invoice.state !== 'past_due') {
          s = { ...s, past_due_invoice: null };
          await saveSubscription(s);
          continue;
        }
        const due = new Date(str(invoice.created_at)).getTime();
        const tried = Number(invoice.attempts ?? 1);
        const days = TIMERS.dunningDays;
        if (tried >= days.length) return;
        const at = new Date(due + days[tried]! * DAY_MS);
        if (at.getTime() > clock.getTime()) return;
        if (await collect(s, invoice, at)) {
          s = (await store.get('subscription', str(s.uuid))) ?? s;
          continue;
        }
        await store.put('invoice', pastDue, { ...invoice, attempts: tried + 1 }, accountCode);
        if (tried + 1 < days.length) continue;
        // The last try failed: the invoice fails and the subscription expires.
        await store.put(
          'invoice',
          pastDue,
          { ...invoice, attempts: tried + 1, state: 'failed' },
          accountCode,
        );
        s = { ...s, state: 'expired', expired_at: at.toISOString(), past_due_invoice: null };
        await saveSubscription(s);
        await send('charge_invoice', 'failed', pastDue, at);
        await send('subscription', 'expired', str(s.uuid), at);
        return;
      }
      const ends = new Date(str(s.current_period_ends_at));
      if (ends.getTime() > clock.getTime()) return;
      // The period ends: the next one starts, and its invoice is charged.
      const found = planForCode(str(obj(s.plan).code));
      const period = found?.period ?? 'monthly';
      const cents = Math.round(Number(s.unit_amount) * 100) * (Number(s.quantity) || 1);
      const items = [
        { description: `${found?.plan.name ?? 'Plan'} plan (${period}), renewal`, cents },
      ];
      const renewed = {
        ...s,
        current_period_started_at: ends.toISOString(),
        current_period_ends_at: addPeriod(ends, period).toISOString(),
      };
      const refused = await store.cardRefusal(accountCode, ends);
      const invoice = await store.invoice(accountCode, items, {
        state: refused ? 'past_due' : 'paid',
        attempts: 1,
        created_at: ends.toISOString(),
        service_period: {
          start: renewed.current_period_started_at,
          end: renewed.current_period_ends_at,
        },
      });
      s = { ...renewed, past_due_invoice: refused ? invoice.id : null };
      await saveSubscription(s);
      await send('subscription', 'renewed', str(s.uuid), ends);
      await send('charge_invoice', refused ? 'past_due' : 'paid', invoice.id, ends);
    }
  }

  return {
    /** Every subscription (or those of some accounts) brought up to the sandbox's now. */
    async run(options: { only?: readonly string[] } = {}) {
      const subscriptions = options.only
        ? (await Promise.all(options.only.map((code) => store.all('subscription', code)))).flat()
        : await store.all('subscription');
      for (const s of subscriptions) await advance(s);
    },
    /** A new card: the account's past-due invoices are tried with it at once. */
    async collectPastDue(accountCode: string) {
      for (const s of await store.all('subscription', accountCode)) {
        const id = str(s.past_due_invoice);
        const invoice = id ? await store.get('invoice', id) : null;
        if (s.state === 'active' && invoice?.state === 'past_due') await collect(s, invoice, now());
      }
    },
  };
}
