/**
 * Cohort billing (part 1 §7.3; part 2 §3 Cohort payment info and billing account): the cohort's
 * own account at the card processor (its card, adjustments and invoices), run by those who run
 * the cohort; and, in editor-pay cohorts, each student's editor fee, paid once with a card token,
 * which marks the profile as paid in that cohort. Unpaid editors of such a cohort are told that
 * payment is due when they open a card of their team.
 */
import { and, eq } from 'drizzle-orm';
import { AppError, cardExpiresAt } from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { AppServices } from '../../services.ts';
import { projectMembers } from '../projects/schema.ts';
import { cohortMembers, cohorts, type CohortBilling, type CohortRow } from './schema.ts';
import { cohortAccess } from './access.ts';

const cohortAccountCode = (cohortId: string) => `cohort-${cohortId}`;
const profileAccountCode = (profileId: string) => `profile-${profileId}`;

async function managedCohortRow(services: AppServices, member: MemberContext, cohortId: string) {
  const access = await cohortAccess(services, member, cohortId);
  if (!access.abilities.manage) throw new AppError('forbidden');
  return access.cohort;
}

async function saveCohortBilling(
  services: AppServices,
  member: MemberContext,
  cohort: CohortRow,
  patch: CohortBilling,
  action: string,
  changes: Record<string, unknown>,
  context: RequestContext,
) {
  await services.transaction(
    async (unit) => {
      await unit.tx
        .update(cohorts)
        .set({ billing: { ...cohort.billing, ...patch }, updatedAt: new Date() })
        .where(eq(cohorts.id, cohort.id));
      await unit.record({
        name: `cohorts.billing.${action}`,
        organizationId: member.organization.id,
        actorId: member.profileId,
        subjectType: 'cohort',
        subjectId: cohort.id,
        changes,
      });
    },
    { context },
  );
}

function tokenOf(value: unknown): string {
  const token = typeof value === 'string' ? value.trim() : '';
  if (!token) throw new AppError('paymentDetails');
  return token;
}

/** POST /api/org/cohorts/{cohortId}/accounts: opens the cohort's account with a card token. */
export async function createCohortAccount(
  services: AppServices,
  member: MemberContext,
  cohortId: string,
  body: { token?: unknown },
  context: RequestContext,
) {
  const cohort = await managedCohortRow(services, member, cohortId);
  const token = tokenOf(body.token);
  const code = cohort.billing.accountCode ?? cohortAccountCode(cohort.id);
  await services.payments.ensureAccount({
    code,
    email: member.auth.user.email,
    firstName: member.person.firstName,
    lastName: member.person.lastName,
    company: `${member.organization.name}: ${cohort.name}`,
  });
  const billingInfo = await services.payments.setBillingInfo(code, token);
  await saveCohortBilling(
    services,
    member,
    cohort,
    {
      accountCode: code,
      cardOnFile: true,
      invalidCard: false,
      cardExpiresAt: cardExpiresAt(billingInfo),
    },
    'account',
    { lastFour: billingInfo.lastFour },
    context,
  );
  return { account: { code, cohortId: cohort.id }, billingInfo };
}

/** GET /api/org/cohorts/{cohortId}/billing: the cohort's card, if one is on file. */
export async function getCohortBilling(
  services: AppServices,
  member: MemberContext,
  cohortId: string,
) {
  const cohort = await managedCohortRow(services, member, cohortId);
  const code = cohort.billing.accountCode;
  const billingInfo = code ? await services.payments.getBillingInfo(code) : null;
  return {
    exists: billingInfo !== null,
    billingInfo,
    invalidCard: cohort.billing.invalidCard ?? false,
    manual: cohort.billing.manual ?? false,
  };
}

/** PUT /api/org/cohorts/{cohortId}/billing: a new card for the cohort's account. */
export async function updateCohortBilling(
  services: AppServices,
  member: MemberContext,
  cohortId: string,
  body: { token?: unknown },
  context: RequestContext,
) {
  const cohort = await managedCohortRow(services, member, cohortId);
  if (!cohort.billing.accountCode)
    return createCohortAccount(services, member, cohortId, body, context);
  const billingInfo = await services.payments.setBillingInfo(
    cohort.billing.accountCode,
    tokenOf(body.token),
  );
  await saveCohortBilling(
    services,
    member,
    cohort,
    { cardOnFile: true, invalidCard: false, cardExpiresAt: cardExpiresAt(billingInfo) },
    'updateCard',
    { lastFour: billingInfo.lastFour },
    context,
  );
  return { account: { code: cohort.billing.accountCode, cohortId: cohort.id }, billingInfo };
}

/** GET /api/org/cohorts/{cohortId}/adjustments. */
export async function listCohortAdjustments(
  services: AppServices,
  member: MemberContext,
  cohortId: string,
) {
  const cohort = await managedCohortRow(services, member, cohortId);
  const code = cohort.billing.accountCode;
  return code ? services.payments.listAdjustments(code) : [];
}

/** GET /api/org/cohorts/{cohortId}/invoices/{invoiceId}: the cohort's invoice (never another's). */
export async function getCohortInvoice(
  services: AppServices,
  member: MemberContext,
  cohortId: string,
  invoiceId: string,
) {
  const cohort = await managedCohortRow(services, member, cohortId);
  const code = cohort.billing.accountCode;
  if (!code || !/^[\w-]{1,80}$/.test(invoiceId)) throw new AppError('invoiceNotFound');
  return services.payments.getInvoice(code, invoiceId);
}

export async function cohortInvoicePdf(
  services: AppServices,
  member: MemberContext,
  cohortId: string,
  invoiceId: string,
) {
  const invoice = await getCohortInvoice(services, member, cohortId, invoiceId);
  return { invoice, pdf: await services.payments.invoicePdf(invoice.id) };
}

/**
 * POST /api/org/profiles/{profileId}/cohorts/{cohortId}/accounts: a member pays their own editor
 * fee in an editor-pay cohort; the profile is then paid in that cohort.
 */
export async function payEditorFee(
  services: AppServices,
  member: MemberContext,
  profileId: string,
  cohortId: string,
  body: { paymentToken?: unknown },
  context: RequestContext,
) {
  if (profileId !== member.profileId) throw new AppError('forbidden');
  const { cohort } = await cohortAccess(services, member, cohortId);
  const fee = cohort.payment.editorFeeInCents;
  if (!cohort.payment.editorPay || fee <= 0) throw new AppError('editorFeeNotDue');
  const [own] = await services.database.db
    .select({ paidAt: cohortMembers.paidAt })
    .from(cohortMembers)
    .where(and(eq(cohortMembers.cohortId, cohort.id), eq(cohortMembers.profileId, profileId)));
  if (own?.paidAt) return { paid: true, paidAt: own.paidAt.toISOString(), invoice: null };
  const token = tokenOf(body.paymentToken);
  const code = profileAccountCode(profileId);
  await services.payments.ensureAccount({
    code,
    email: member.auth.user.email,
    firstName: member.person.firstName,
    lastName: member.person.lastName,
    company: member.organization.name,
  });
  await services.payments.setBillingInfo(code, token);
  const invoice = await services.payments.purchase({
    accountCode: code,
    description: `${cohort.name}: editor access`,
    cents: fee,
  });
  const paidAt = new Date();
  await services.transaction(
    async (unit) => {
      await unit.tx
        .insert(cohortMembers)
        .values({
          organizationId: member.organization.id,
          cohortId: cohort.id,
          profileId,
          role: 'default',
          paidAt,
        })
        .onConflictDoUpdate({
          target: [cohortMembers.cohortId, cohortMembers.profileId],
          set: { paidAt },
        });
      await unit.record({
        name: 'cohorts.billing.editorFee',
        organizationId: member.organization.id,
        actorId: member.profileId,
        subjectType: 'cohort',
        subjectId: cohort.id,
        changes: { invoiceId: invoice.id, cents: fee },
      });
    },
    { context },
  );
  return { paid: true, paidAt: paidAt.toISOString(), invoice };
}

/**
 * Refuses (payment due) an editor of a team in an editor-pay cohort who has not paid. Observers,
 * mentors and the cohort's staff are never asked to pay.
 */
export async function checkCohortPayment(
  executor: Executor,
  member: MemberContext,
  project: { id: string; cohortId: string | null },
) {
  if (!project.cohortId) return;
  const [cohort] = await executor
    .select({ id: cohorts.id, payment: cohorts.payment })
    .from(cohorts)
    .where(eq(cohorts.id, project.cohortId));
  if (!cohort?.payment.editorPay || cohort.payment.editorFeeInCents <= 0) return;
  const [team] = await executor
    .select({ role: projectMembers.role })
    .from(projectMembers)
    .where(
      and(eq(projectMembers.projectId, project.id), eq(projectMembers.profileId, member.profileId)),
    );
  if (!team || !['collaborator', 'admin'].includes(team.role)) return;
  const [own] = await executor
    .select({ paidAt: cohortMembers.paidAt, role: cohortMembers.role })
    .from(cohortMembers)
    .where(
      and(eq(cohortMembers.cohortId, cohort.id), eq(cohortMembers.profileId, member.profileId)),
    );
  if (own?.paidAt || (own && own.role !== 'default')) return;
  // The cohort travels as the error's context, for the client's redirect to its leaderboard.
  throw new AppError('paymentDue', { context: cohort.id, details: { cohortId: cohort.id } });
}
