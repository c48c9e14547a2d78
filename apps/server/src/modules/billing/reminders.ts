/**
 * The owners hear 30 days before the card on file stops working (#30), once per card, and two days
 * before a past-due plan's grace ends, once per unpaid invoice: the organisation row remembers
 * what it was told about, and only the sweep that changes it sends the mail — two sweeps at once,
 * one mail.
 */
import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import { TIMERS } from '@assay/domain';
import type { AppServices } from '../../services.ts';
import { cardExpiringMail, graceEndingMail } from '../mail/ports.ts';
import { organizations } from '../organizations/schema.ts';
import { longDate, mailOwners } from './lifecycle.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function remindExpiringCards(
  services: AppServices,
  options: { now?: Date; only?: readonly string[] } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const horizon = new Date(now.getTime() + TIMERS.cardExpiringNoticeDays * DAY_MS);
  const due = await services.database.db
    .select()
    .from(organizations)
    .where(
      and(
        isNotNull(sql`${organizations.billing}->>'cardExpiresAt'`),
        sql`coalesce((${organizations.billing}->>'manual')::boolean, false) = false`,
        sql`(${organizations.billing}->>'cardExpiresAt')::timestamptz > ${now.toISOString()}::timestamptz`,
        sql`(${organizations.billing}->>'cardExpiresAt')::timestamptz <= ${horizon.toISOString()}::timestamptz`,
        sql`coalesce(${organizations.billing}->>'cardReminderFor', '') <> ${organizations.billing}->>'cardExpiresAt'`,
        options.only ? inArray(organizations.id, [...options.only]) : undefined,
      ),
    );
  let sent = 0;
  for (const organization of due) {
    const expires = organization.billing?.cardExpiresAt;
    if (!expires) continue;
    // The one sweep that records the reminder sends it.
    const claimed = await services.database.db.execute(sql`
      update organizations
      set billing = billing || jsonb_build_object('cardReminderFor', ${expires}::text)
      where id = ${organization.id}
        and coalesce(billing->>'cardReminderFor', '') <> ${expires}
      returning id`);
    if ((claimed as unknown as { rows: unknown[] }).rows.length === 0) continue;
    const account = organization.billing?.accountCode ?? organization.id;
    const card = await services.payments.getBillingInfo(account).catch(() => null);
    // The last day it works: the day before the expiry's end.
    const lastDay = longDate(new Date(new Date(expires).getTime() - DAY_MS));
    await mailOwners(services, organization, (to, url) =>
      cardExpiringMail(
        to,
        organization.name,
        { lastFour: card?.lastFour ?? '····', expiresOn: lastDay },
        url,
      ),
    );
    sent += 1;
  }
  return sent;
}

/** Two days before a past-due plan expires, the owners are told once for that invoice. */
export async function remindGraceEnding(
  services: AppServices,
  options: { now?: Date; only?: readonly string[] } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const horizon = new Date(now.getTime() + TIMERS.graceEndingNoticeDays * DAY_MS);
  const due = await services.database.db
    .select()
    .from(organizations)
    .where(
      and(
        isNotNull(sql`${organizations.billing}->'pastDue'->>'invoiceId'`),
        sql`(${organizations.billing}->'pastDue'->>'expiresOn')::timestamptz > ${now.toISOString()}::timestamptz`,
        sql`(${organizations.billing}->'pastDue'->>'expiresOn')::timestamptz <= ${horizon.toISOString()}::timestamptz`,
        sql`coalesce(${organizations.billing}->>'graceReminderFor', '') <> ${organizations.billing}->'pastDue'->>'invoiceId'`,
        options.only ? inArray(organizations.id, [...options.only]) : undefined,
      ),
    );
  let sent = 0;
  for (const organization of due) {
    const pastDue = organization.billing?.pastDue;
    if (!pastDue) continue;
    const claimed = await services.database.db.execute(sql`
      update organizations
      set billing = billing || jsonb_build_object('graceReminderFor', ${pastDue.invoiceId}::text)
      where id = ${organization.id}
        and coalesce(billing->>'graceReminderFor', '') <> ${pastDue.invoiceId}
      returning id`);
    if ((claimed as unknown as { rows: unknown[] }).rows.length === 0) continue;
    const account = organization.billing?.accountCode ?? organization.id;
    const invoice = await services.payments
      .getInvoice(account, pastDue.invoiceId)
      .catch(() => null);
    const amount = invoice ? `$${(invoice.totalInCents / 100).toFixed(2)}` : 'the renewal';
    await mailOwners(services, organization, (to, url) =>
      graceEndingMail(
        to,
        organization.name,
        { amount, expiresOn: longDate(new Date(pastDue.expiresOn)) },
        url,
      ),
    );
    sent += 1;
  }
  return sent;
}
