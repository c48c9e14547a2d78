/**
 * The subscription's life after checkout (#30), as the card processor reports it: Recurly (and the
 * embedded sandbox, which behaves like it) renews, retries a refused card on the dunning days and
 * expires a subscription on its own, and says so in signed webhook notifications. Each is taken
 * once by its id (a replay changes nothing), and the object it names is read again from the API,
 * so notifications that arrive late or out of order still leave the organisation as the
 * processor has it now. The organisation's billing follows — its state, a past-due renewal with
 * its retry dates, the card flag, the expiry that makes it read-only — in one transaction with
 * its event, and the owners are mailed: a receipt, a failed payment with the next tries, a
 * payment received, an expired plan.
 */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, planForCode, TIMERS, type OrganizationBilling } from '@assay/domain';
import { organizationOrigin } from '../../http/hosts.ts';
import { parse } from '../../http/parse.ts';
import { webhookKey } from '../../platform/payments/index.ts';
import { verifyWebhook } from '../../platform/payments/webhook-signature.ts';
import type { AppServices } from '../../services.ts';
import {
  paymentFailedMail,
  paymentReceivedMail,
  planExpiredMail,
  renewalReceiptMail,
} from '../mail/ports.ts';
import { ownerEmails } from '../organizations/ports.ts';
import { organizations, type OrganizationRow } from '../organizations/schema.ts';
import { billingNotifications } from './schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const notificationSchema = z.looseObject({
  id: z.string().min(1).max(200),
  object_type: z.string().min(1).max(100),
  event_type: z.string().min(1).max(100),
  event_time: z.string().optional(),
  uuid: z.string().min(1).max(200),
});

export const longDate = (at: Date) =>
  at.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The dunning days after a failed renewal: the tries still to come and the day it expires. */
export function dunningSchedule(failedAt: Date, now: Date) {
  const days = TIMERS.dunningDays;
  const at = (d: number) => new Date(failedAt.getTime() + d * DAY_MS);
  return {
    retries: days.map(at).filter((d) => d.getTime() > now.getTime()),
    expiresOn: at(days[days.length - 1] ?? 0),
  };
}

/** POST /api/payments/webhooks: a notification from the processor, signed with its key. */
export async function receiveNotification(
  services: AppServices,
  rawBody: string,
  signature: string | undefined,
): Promise<{ received: boolean; duplicate: boolean }> {
  const key = webhookKey(services.config);
  if (!key || !verifyWebhook(key, signature, rawBody)) throw new AppError('webhookSignature');
  let raw: unknown;
  try {
    raw = JSON.parse(rawBody);
  } catch {
    throw new AppError('validation', { message: 'The notification is not JSON.' });
  }
  const notification = parse(notificationSchema.safeParse(raw));
  const eventTime = notification.event_time ? new Date(notification.event_time) : null;
  const [claimed] = await services.database.db
    .insert(billingNotifications)
    .values({
      id: notification.id,
      objectType: notification.object_type,
      eventType: notification.event_type,
      objectId: notification.uuid,
      eventTime: eventTime && !Number.isNaN(eventTime.getTime()) ? eventTime : null,
      payload: notification,
    })
    .onConflictDoNothing()
    .returning({ id: billingNotifications.id });
  if (!claimed) return { received: true, duplicate: true };
  try {
    const organizationId = await apply(
      services,
      notification.object_type,
      notification.event_type,
      notification.uuid,
    );
    await services.database.db
      .update(billingNotifications)
      .set({ processedAt: new Date(), organizationId })
      .where(eq(billingNotifications.id, notification.id));
  } catch (error) {
    // Not taken: the processor sends it again, and then it is applied.
    await services.database.db
      .delete(billingNotifications)
      .where(eq(billingNotifications.id, notification.id));
    throw error;
  }
  return { received: true, duplicate: false };
}

async function organizationWhere(services: AppServices, condition: ReturnType<typeof sql>) {
  const [row] = await services.database.db.select().from(organizations).where(condition).limit(1);
  return row ?? null;
}

/** Applies what the processor says now about the notification's object; the organisation's id. */
async function apply(
  services: AppServices,
  objectType: string,
  eventType: string,
  objectId: string,
): Promise<string | null> {
  if (objectType === 'subscription') {
    const organization = await organizationWhere(
      services,
      sql`${organizations.billing}->>'subscriptionUUID' = ${objectId}`,
    );
    // Another organisation's, or a subscription replaced since: nothing here to change.
    if (!organization) return null;
    const subscription = await services.payments.getSubscription(objectId);
    const state = subscription.state;
    if (state === 'expired') {
      const was = organization.billing?.subscriptionState;
      await saveLifecycle(
        services,
        organization,
        { subscriptionState: 'expired', pastDue: null },
        'expired',
        { eventType },
      );
      if (was !== 'expired')
        await mailOwners(services, organization, (to, url) =>
          planExpiredMail(to, organization.name, url),
        );
    } else if (state === 'canceled') {
      await saveLifecycle(
        services,
        organization,
        {
          subscriptionState: 'canceled',
          expirationDate: subscription.currentPeriodEndsAt,
        },
        'canceled',
        { eventType },
      );
    } else if (state === 'active') {
      await saveLifecycle(
        services,
        organization,
        { subscriptionState: 'active', expirationDate: null },
        'renewed',
        {
          eventType,
          periodEndsAt: subscription.currentPeriodEndsAt,
        },
      );
    }
    return organization.id;
  }
  if (objectType === 'charge_invoice') {
    const found = await services.payments.findInvoice(objectId);
    const organization = await organizationWhere(
      services,
      sql`coalesce(${organizations.billing}->>'accountCode', ${organizations.id}::text) = ${found.accountCode}`,
    );
    if (!organization) return null;
    const billing = organization.billing ?? {};
    const amount = dollars(found.invoice.totalInCents);
    if (found.pastDue) {
      // Refused and being retried: the owners hear when it is tried again and when it would end.
      if (billing.pastDue?.invoiceId === found.invoice.id) return organization.id;
      const failedAt = new Date(found.invoice.createdAt);
      const schedule = dunningSchedule(
        failedAt,
        new Date(Math.max(Date.now(), failedAt.getTime())),
      );
      const pastDue = {
        invoiceId: found.invoice.id,
        since: failedAt.toISOString(),
        retries: schedule.retries.map((d) => d.toISOString()),
        expiresOn: schedule.expiresOn.toISOString(),
      };
      await saveLifecycle(services, organization, { pastDue, invalidCard: true }, 'paymentFailed', {
        invoice: found.invoice.number,
        amount: found.invoice.totalInCents,
      });
      await mailOwners(services, organization, (to, url) =>
        paymentFailedMail(
          to,
          organization.name,
          {
            amount,
            retries: schedule.retries.map(longDate),
            expiresOn: longDate(schedule.expiresOn),
          },
          url,
        ),
      );
      return organization.id;
    }
    if (found.invoice.state === 'paid') {
      const wasPastDue = billing.pastDue?.invoiceId === found.invoice.id;
      await saveLifecycle(
        services,
        organization,
        wasPastDue ? { pastDue: null, invalidCard: false } : {},
        'paid',
        {
          invoice: found.invoice.number,
          amount: found.invoice.totalInCents,
        },
      );
      if (wasPastDue) {
        await mailOwners(services, organization, (to, url) =>
          paymentReceivedMail(to, organization.name, amount, url),
        );
      } else if (eventType === 'paid' && billing.subscriptionUUID) {
        const subscription = await services.payments.getSubscription(billing.subscriptionUUID);
        const plan = planForCode(subscription.planCode)?.plan.name ?? subscription.planName;
        // The invoice goes with the receipt; a PDF that cannot be made leaves it in Billing only.
        const pdf = await services.payments.invoicePdf(found.invoice.id).catch((error: unknown) => {
          services.logger.warn({ err: error }, 'the receipt goes without its invoice PDF');
          return undefined;
        });
        await mailOwners(services, organization, (to, url) =>
          renewalReceiptMail(
            to,
            organization.name,
            {
              plan,
              amount,
              invoiceNumber: found.invoice.number,
              nextRenewal: subscription.currentPeriodEndsAt
                ? longDate(new Date(subscription.currentPeriodEndsAt))
                : '—',
            },
            url,
            pdf,
          ),
        );
      }
      return organization.id;
    }
    if (found.invoice.state === 'failed' && billing.pastDue?.invoiceId === found.invoice.id) {
      await saveLifecycle(services, organization, { pastDue: null }, 'paymentFailedFinally', {
        invoice: found.invoice.number,
      });
    }
    return organization.id;
  }
  return null;
}

/** The organisation's billing patched and its event recorded, in one transaction. */
async function saveLifecycle(
  services: AppServices,
  organization: OrganizationRow,
  patch: Partial<OrganizationBilling>,
  action: string,
  changes: Record<string, unknown>,
) {
  await services.transaction(async (unit) => {
    // Read again under a lock: two notifications at once each add to what the other wrote.
    const [current] = await unit.tx
      .select({ billing: organizations.billing })
      .from(organizations)
      .where(eq(organizations.id, organization.id))
      .for('update');
    const next = { ...(current?.billing ?? {}), ...patch };
    await unit.tx
      .update(organizations)
      .set({ billing: next, updatedAt: new Date() })
      .where(eq(organizations.id, organization.id));
    await unit.record({
      name: `billing.${action}`,
      organizationId: organization.id,
      subjectType: 'organization',
      subjectId: organization.id,
      changes,
    });
  });
}

export async function mailOwners(
  services: AppServices,
  organization: OrganizationRow,
  mail: (to: string, url: string) => Parameters<AppServices['mailer']['send']>[0],
) {
  const url = `${organizationOrigin(services.config, organization.slug)}/settings/billing`;
  for (const email of await ownerEmails(services, organization.id))
    await services.mailer.send(mail(email, url));
}
