/** REST routes of billing (part 1 §7.3) and the sandbox processor's card tokenizer. */
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../http/auth-context.ts';
import { requestContext, requireMember } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { SANDBOX_TOKEN_PATH } from '../../platform/payments/index.ts';
import {
  cancelSubscription,
  changePlan,
  checkCoupon,
  getBilling,
  getInvoice,
  getSubscription,
  invoicePdf,
  listAdjustments,
  listInvoices,
  reactivateSubscription,
  subscribe,
  updateBilling,
} from './service.ts';

type Params = { id: string; code?: string; invoiceId?: string };
const body = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

export function registerBillingRoutes(app: FastifyInstance, services: AppServices) {
  const base = '/api/org/organizations/:id';
  const member = (request: { params: unknown }) =>
    requireMember(services, request as never, { organizationId: (request.params as Params).id });

  /** What the browser needs to tokenize a card. */
  app.get('/api/payments/config', async () => services.payments.clientConfig);

  app.get(`${base}/billing`, async (request) => getBilling(services, await member(request)));
  app.put(`${base}/billing`, async (request) => {
    const q = request.query as { couponCode?: string };
    return updateBilling(
      services,
      await member(request),
      { token: body(request.body).token, couponCode: q.couponCode ?? null },
      requestContext(request),
    );
  });
  app.get(`${base}/subscriptions`, async (request) =>
    getSubscription(services, await member(request)),
  );
  app.post(`${base}/subscription`, async (request, reply) =>
    reply
      .status(201)
      .send(
        await subscribe(services, await member(request), request.body, requestContext(request)),
      ),
  );
  app.put(`${base}/subscriptions`, async (request) =>
    changePlan(services, await member(request), request.body, requestContext(request)),
  );
  app.delete(`${base}/subscriptions`, async (request) =>
    cancelSubscription(services, await member(request), requestContext(request)),
  );
  app.patch(`${base}/subscriptions`, async (request) =>
    reactivateSubscription(services, await member(request), requestContext(request)),
  );
  app.get(`${base}/coupons/:code`, async (request) => {
    const coupon = await checkCoupon(
      services,
      await member(request),
      (request.params as Params).code ?? '',
    );
    return {
      discountType: coupon.discountType,
      discountPercent: coupon.discountPercent ?? null,
      discountInCents: coupon.discountInCents ?? null,
      message:
        coupon.discountType === 'percent'
          ? `${coupon.discountPercent}% off`
          : `$${((coupon.discountInCents ?? 0) / 100).toFixed(0)} off`,
    };
  });
  app.get(`${base}/adjustments`, async (request) =>
    listAdjustments(services, await member(request)),
  );
  app.get(`${base}/invoices`, async (request) => listInvoices(services, await member(request)));
  /** ?format=pdf answers the url of the file (opened in a new window); otherwise the invoice. */
  app.get(`${base}/invoices/:invoiceId`, async (request) => {
    const { id, invoiceId = '' } = request.params as Params;
    const invoice = await getInvoice(services, await member(request), invoiceId);
    if ((request.query as { format?: string }).format === 'pdf') {
      return { url: `/api/org/organizations/${id}/invoices/${encodeURIComponent(invoice.id)}/pdf` };
    }
    return invoice;
  });
  app.get(`${base}/invoices/:invoiceId/pdf`, async (request, reply) => {
    const { invoiceId = '' } = request.params as Params;
    const { invoice, pdf } = await invoicePdf(services, await member(request), invoiceId);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="invoice-${invoice.number}.pdf"`)
      .send(Buffer.from(pdf));
  });

  // The sandbox's tokenizer answers the browser's card element, as Recurly.js's endpoint does.
  const sandbox = services.paymentsSandbox;
  if (sandbox) {
    app.post(SANDBOX_TOKEN_PATH, async (request) => {
      requireAuth(request);
      return sandbox.tokenize(request.body);
    });
  }
}
