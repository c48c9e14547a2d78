/**
 * Billing use cases (part 1 §4.3, §7.3): the organisation's card, its subscription (create,
 * change, cancel, reactivate), coupons, adjustments and invoices. The processor holds the money;
 * the organisation row keeps what the rest of the app needs (plan code, license, card on file,
 * expiry), written in one transaction with its event.
 */
import { parse } from '../../http/parse.ts';
import { eq } from 'drizzle-orm';
import {
  AppError,
  cardExpiresAt,
  canChangePlan,
  canViewBilling,
  couponDiscount,
  dueToday,
  planPrice,
  type CouponInfo,
  effectiveLimits,
  planForCode,
  basicProjectIdFor,
  licenseForPlanCode,
  subscribeSchema,
  type License,
  type OrganizationBilling,
} from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { organizations } from '../organizations/schema.ts';
import { firstProjectId } from '../projects/ports.ts';
import { countMembers } from '../organizations/ports.ts';
import { planCanceledMail, planChangedMail } from '../mail/ports.ts';
import type { Subscription } from '@assay/domain';
import { longDate, mailOwners } from './lifecycle.ts';

function requireView(member: MemberContext) {
  if (!canViewBilling(member.role)) throw new AppError('forbidden');
}
export function requireOwner(member: MemberContext) {
  if (!canChangePlan(member.role)) throw new AppError('forbidden');
}

const billingOf = (member: MemberContext): OrganizationBilling => member.organization.billing ?? {};
/** The processor account of an organisation is its id. */
export const accountCodeOf = (member: MemberContext) =>
  billingOf(member).accountCode ?? member.organization.id;

export async function saveBilling(
  services: AppServices,
  member: MemberContext,
  patch: Partial<OrganizationBilling> & { license?: string },
  event: { action: string; changes: Record<string, unknown> },
  context: RequestContext,
) {
  const { license, ...billing } = patch;
  // The processor's notifications may have changed the row since this request read it (a new
  // card pays what was past due, and says so before this call returns): patch what is there now.
  const [current] = await services.database.db
    .select({ billing: organizations.billing })
    .from(organizations)
    .where(eq(organizations.id, member.organization.id));
  let next = { ...(current?.billing ?? billingOf(member)), ...billing };
  if (license) {
    next.basicProjectId = basicProjectIdFor(
      license as License,
      next.basicProjectId,
      license === 'basic'
        ? await firstProjectId(services.database.db, member.organization.id)
        : null,
    );
  }
  await services.transaction(
    async (unit) => {
      const [locked] = await unit.tx
        .select({ billing: organizations.billing })
        .from(organizations)
        .where(eq(organizations.id, member.organization.id))
        .for('update');
      next = { ...(locked?.billing ?? {}), ...billing, basicProjectId: next.basicProjectId };
      await unit.tx
        .update(organizations)
        .set({ billing: next, ...(license ? { license } : {}), updatedAt: new Date() })
        .where(eq(organizations.id, member.organization.id));
      await unit.record({
        name: `billing.${event.action}`,
        organizationId: member.organization.id,
        actorId: member.profileId,
        subjectType: 'organization',
        subjectId: member.organization.id,
        changes: event.changes,
      });
    },
    { context },
  );
  member.organization.billing = next;
  if (license) member.organization.license = license;
}

export async function ensureAccount(services: AppServices, member: MemberContext) {
  await services.payments.ensureAccount({
    code: accountCodeOf(member),
    email: member.auth.user.email,
    firstName: member.person.firstName,
    lastName: member.person.lastName,
    company: member.organization.name,
  });
}

/** A coupon that can be used: valid at the processor and not already used by this account. */
export async function checkCoupon(services: AppServices, member: MemberContext, code: string) {
  requireOwner(member);
  const trimmed = code.trim();
  if (!trimmed) throw new AppError('promoNotValid');
  const coupon = await services.payments.lookupCoupon(trimmed);
  if (billingOf(member).accountCode) {
    const used = await services.payments.redeemedCoupons(accountCodeOf(member));
    if (used.map((c) => c.toUpperCase()).includes(coupon.code.toUpperCase()))
      throw new AppError('promoAlreadyApplied');
  }
  return coupon;
}

/** A promotion code's offer as checkout shows it: the discount and its one-line message. */
export async function couponOffer(services: AppServices, member: MemberContext, code: string) {
  const coupon = await checkCoupon(services, member, code);
  return {
    discountType: coupon.discountType,
    discountPercent: coupon.discountPercent ?? null,
    discountInCents: coupon.discountInCents ?? null,
    message:
      coupon.discountType === 'percent'
        ? `${coupon.discountPercent}% off`
        : `$${((coupon.discountInCents ?? 0) / 100).toFixed(0)} off`,
  };
}

/** GET …/billing: whether a card is on file, and its last four and expiry. */
export async function getBilling(services: AppServices, member: MemberContext) {
  requireView(member);
  const billing = billingOf(member);
  const info = billing.accountCode
    ? await services.payments.getBillingInfo(billing.accountCode)
    : null;
  return {
    exists: info !== null,
    billingInfo: info,
    invoiceAddress: billing.invoiceAddress ?? null,
  };
}

/** PUT …/billing: a new card from a token (and a coupon checked for the account). */
export async function updateBilling(
  services: AppServices,
  member: MemberContext,
  input: { token: unknown; couponCode?: string | null },
  context: RequestContext,
) {
  requireOwner(member);
  const token = typeof input.token === 'string' ? input.token.trim() : '';
  if (!token) throw new AppError('paymentDetails');
  const coupon = input.couponCode ? await checkCoupon(services, member, input.couponCode) : null;
  await ensureAccount(services, member);
  const info = await services.payments.setBillingInfo(accountCodeOf(member), token);
  // The code is redeemed on the account; it comes off the next invoice.
  if (coupon) await services.payments.redeemCoupon(accountCodeOf(member), coupon.code);
  await saveBilling(
    services,
    member,
    {
      accountCode: accountCodeOf(member),
      cardOnFile: true,
      invalidCard: false,
      cardExpiresAt: cardExpiresAt(info),
    },
    { action: 'updateCard', changes: { lastFour: info.lastFour } },
    context,
  );
  return { exists: true, billingInfo: info };
}

export async function getSubscription(services: AppServices, member: MemberContext) {
  requireView(member);
  const uuid = billingOf(member).subscriptionUUID;
  if (!uuid) throw new AppError('noSubscription');
  return services.payments.getSubscription(uuid);
}

/** POST …/subscription: the first subscription, paid with a token or the card on file. */
export async function subscribe(
  services: AppServices,
  member: MemberContext,
  body: unknown,
  context: RequestContext,
) {
  requireOwner(member);
  const input = parse(subscribeSchema.safeParse(body));
  const billing = billingOf(member);
  if (billing.subscriptionUUID) {
    const current = await services.payments.getSubscription(billing.subscriptionUUID);
    if (current.state !== 'expired') throw new AppError('alreadySubscribed');
  }
  const couponCodes: string[] = [];
  const coupon = input.couponCode ? await checkCoupon(services, member, input.couponCode) : null;
  if (coupon) couponCodes.push(coupon.code);
  await ensureAccount(services, member);
  const accountCode = accountCodeOf(member);
  const billingInfo = input.paymentToken
    ? await services.payments.setBillingInfo(accountCode, input.paymentToken)
    : await services.payments.getBillingInfo(accountCode);
  if (!billingInfo) throw new AppError('paymentDetails');
  if (input.invoiceAddress) {
    await services.payments.setInvoiceAddress(accountCode, input.invoiceAddress);
    await saveBilling(
      services,
      member,
      { accountCode, invoiceAddress: input.invoiceAddress },
      { action: 'invoiceAddress', changes: { country: input.invoiceAddress.country } },
      context,
    );
  }
  await roundFirstInvoice(services, accountCode, input.planCode, coupon);
  let subscription;
  try {
    subscription = await services.payments.createSubscription({
      accountCode,
      planCode: input.planCode,
      couponCodes,
    });
  } catch (error) {
    // The card is on the account but was refused: remember it, so the screen asks for another.
    await saveBilling(
      services,
      member,
      { accountCode, cardOnFile: false },
      { action: 'paymentFailed', changes: { planCode: input.planCode } },
      context,
    );
    throw error;
  }
  const license = licenseForPlanCode(subscription.planCode) ?? member.organization.license;
  await saveBilling(
    services,
    member,
    {
      accountCode,
      subscriptionUUID: subscription.uuid,
      planCode: subscription.planCode,
      cardOnFile: true,
      invalidCard: false,
      cardExpiresAt: cardExpiresAt(billingInfo),
      expirationDate: null,
      subscriptionState: 'active',
      pastDue: null,
      license,
    },
    { action: 'subscribe', changes: { planCode: subscription.planCode, coupons: couponCodes } },
    context,
  );
  const adjustments = await services.payments.listAdjustments(accountCode);
  return { subscription, billingInfo, adjustments };
}

/**
 * Checkout says "Due today" in whole dollars (part 1 §9.2): the first invoice is made to charge
 * exactly that — the coupon's discount as it is, and a rounding line for the cents between.
 */
async function roundFirstInvoice(
  services: AppServices,
  accountCode: string,
  planCode: string,
  coupon: CouponInfo | null,
) {
  const found = planForCode(planCode);
  const price = found ? planPrice(found.plan.id, found.period) : null;
  if (price === null) return;
  const exactCents = Math.round((price - couponDiscount(price, coupon)) * 100);
  const dueCents = dueToday(price, coupon) * 100;
  if (exactCents <= 0 || dueCents === exactCents) return;
  await services.payments.addLineItem(accountCode, {
    cents: dueCents - exactCents,
    description: 'Rounding to whole dollars',
  });
}

/** PUT …/subscriptions: another plan now (owner only); the license follows the plan. */
export async function changePlan(
  services: AppServices,
  member: MemberContext,
  body: unknown,
  context: RequestContext,
) {
  requireOwner(member);
  const input = parse(subscribeSchema.safeParse(body));
  const uuid = billingOf(member).subscriptionUUID;
  if (!uuid) throw new AppError('noSubscription');
  await requireRoomFor(services, member, input.planCode);
  if (input.paymentToken) {
    await services.payments.setBillingInfo(accountCodeOf(member), input.paymentToken);
  }
  const before = await services.payments.getSubscription(uuid);
  const subscription = await services.payments.changeSubscription(uuid, input.planCode);
  const license = licenseForPlanCode(subscription.planCode) ?? member.organization.license;
  await saveBilling(
    services,
    member,
    { planCode: subscription.planCode, expirationDate: null, license },
    {
      action: 'changePlan',
      changes: { from: billingOf(member).planCode, planCode: subscription.planCode },
    },
    context,
  );
  await mailOwners(services, member.organization, (to, url) =>
    planChangedMail(to, member.organization.name, planChange(member, before, subscription), url),
  );
  const accountCode = accountCodeOf(member);
  const [billingInfo, adjustments] = await Promise.all([
    services.payments.getBillingInfo(accountCode),
    services.payments.listAdjustments(accountCode),
  ]);
  return { subscription, billingInfo, adjustments };
}

/** What the plan-change mail says: from, to, who, the price and where the difference went. */
function planChange(member: MemberContext, before: Subscription, after: Subscription) {
  const name = (s: Subscription) => planForCode(s.planCode)?.plan.name ?? s.planName;
  const period = planForCode(after.planCode)?.period === 'yearly' ? 'year' : 'month';
  const usd = (cents: number) => `$${(cents / 100).toFixed(2).replace(/\.00$/, '')}`;
  const difference = after.unitAmountInCents - before.unitAmountInCents;
  return {
    from: name(before),
    to: name(after),
    by: `${member.person.firstName} ${member.person.lastName}`.trim() || 'An owner',
    price: `${usd(after.unitAmountInCents)} a ${period}`,
    difference:
      difference > 0
        ? `The difference, ${usd(difference)}, was charged to the card on file; the new period starts today.`
        : difference < 0
          ? `The difference, ${usd(-difference)}, is a credit on the next invoice; the new period starts today.`
          : null,
  };
}

/**
 * A smaller plan must have room for the members and invitations there are now (#30): the change
 * is refused with how many to remove, before anything is charged or credited.
 */
async function requireRoomFor(services: AppServices, member: MemberContext, planCode: string) {
  const license = licenseForPlanCode(planCode);
  if (!license) return;
  const limit = effectiveLimits(license, member.organization.limits).profile;
  if (limit === null) return;
  const seats = await countMembers(services.database.db, member.organization.id);
  if (seats.total <= limit) return;
  const plan = planForCode(planCode)?.plan.name ?? planCode;
  throw new AppError('planTooSmall', {
    message: `The ${plan} plan has room for ${limit} members and invitations; ${member.organization.name} has ${seats.total} (${seats.active} members, ${seats.invited} invitations). Remove ${seats.total - limit} first, then change the plan.`,
  });
}

/** DELETE …/subscriptions: canceled; the plan runs to the end of the paid period. */
export async function cancelSubscription(
  services: AppServices,
  member: MemberContext,
  context: RequestContext,
  /** false when the caller's own mail says so (a deletion mails that it stops renewing). */
  options: { mail?: boolean } = {},
) {
  requireOwner(member);
  const uuid = billingOf(member).subscriptionUUID;
  if (!uuid) throw new AppError('noSubscription');
  const subscription = await inState(services, uuid, 'canceled', 'alreadyCanceled', () =>
    services.payments.cancelSubscription(uuid),
  );
  await saveBilling(
    services,
    member,
    { expirationDate: subscription.currentPeriodEndsAt, subscriptionState: 'canceled' },
    { action: 'cancel', changes: { endsAt: subscription.currentPeriodEndsAt } },
    context,
  );
  const endsOn = subscription.currentPeriodEndsAt
    ? longDate(new Date(subscription.currentPeriodEndsAt))
    : 'the end of the paid period';
  if (options.mail !== false)
    await mailOwners(services, member.organization, (to, url) =>
      planCanceledMail(to, member.organization.name, endsOn, url),
    );
  return subscription;
}

/**
 * Moves a subscription to `target`; when it is there already (asked twice, or by two people at
 * once: the processor lets one through), the answer says so instead of the processor's refusal.
 */
async function inState<T>(
  services: AppServices,
  uuid: string,
  target: 'canceled' | 'active',
  already: 'alreadyCanceled' | 'notCanceled',
  move: () => Promise<T>,
): Promise<T> {
  const before = await services.payments.getSubscription(uuid);
  if (before.state === target) throw new AppError(already);
  try {
    return await move();
  } catch (error) {
    const after = await services.payments.getSubscription(uuid).catch(() => null);
    if (after?.state === target) throw new AppError(already);
    throw error;
  }
}

/** PATCH …/subscriptions: a canceled subscription renews again. */
export async function reactivateSubscription(
  services: AppServices,
  member: MemberContext,
  context: RequestContext,
) {
  requireOwner(member);
  const uuid = billingOf(member).subscriptionUUID;
  if (!uuid) throw new AppError('noSubscription');
  const subscription = await inState(services, uuid, 'active', 'notCanceled', () =>
    services.payments.reactivateSubscription(uuid),
  );
  await saveBilling(
    services,
    member,
    { expirationDate: null, subscriptionState: 'active' },
    { action: 'reactivate', changes: {} },
    context,
  );
  return subscription;
}

export async function listAdjustments(services: AppServices, member: MemberContext) {
  requireView(member);
  const code = billingOf(member).accountCode;
  return code ? services.payments.listAdjustments(code) : [];
}

export async function listInvoices(services: AppServices, member: MemberContext) {
  requireView(member);
  const code = billingOf(member).accountCode;
  return code ? services.payments.listInvoices(code) : [];
}

/** One invoice of this organisation (never another's), optionally as its PDF. */
export async function getInvoice(services: AppServices, member: MemberContext, invoiceId: string) {
  requireView(member);
  const code = billingOf(member).accountCode;
  if (!code || !/^[\w-]{1,80}$/.test(invoiceId)) throw new AppError('invoiceNotFound');
  return services.payments.getInvoice(code, invoiceId);
}

export async function invoicePdf(services: AppServices, member: MemberContext, invoiceId: string) {
  const invoice = await getInvoice(services, member, invoiceId);
  return { invoice, pdf: await services.payments.invoicePdf(invoice.id) };
}
