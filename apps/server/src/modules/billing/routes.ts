/** REST routes of billing (part 1 §7.3) and the sandbox processor's card tokenizer. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adjustmentAnswer,
  billingAnswer,
  couponAnswer,
  fileAnswer,
  invoiceAnswer,
  paymentsConfigAnswer,
  pdfUrlAnswer,
  sandboxTokenBody,
  subscribeSchema,
  subscriptionAnswer,
  subscriptionChangeAnswer,
  tokenBody,
  invoiceAddressSchema,
} from '@assay/domain';
import { route } from '../../http/route.ts';
import { requireAuth } from '../../http/auth-context.ts';
import { requestContext, requireMember } from '../../http/member-context.ts';
import { updateInvoiceAddress } from './invoice-address.ts';
import type { AppServices } from '../../services.ts';
import { SANDBOX_TOKEN_PATH } from '../../platform/payments/index.ts';
import {
  cancelSubscription,
  changePlan,
  couponOffer,
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

const orgParams = z.object({ id: z.string().describe('The organisation.') });
const tokenOf = (value: unknown) =>
  typeof value === 'object' && value !== null ? (value as { token?: unknown }).token : undefined;

export function registerBillingRoutes(app: FastifyInstance, services: AppServices) {
  const base = '/api/org/organizations/:id';
  const member = (request: FastifyRequest, organizationId: string) =>
    requireMember(services, request, { organizationId, whileReadOnly: true });

  route(app, {
    method: 'GET',
    url: '/api/payments/config',
    summary: 'What the browser needs to tokenize a card.',
    auth: 'public',
    answer: paymentsConfigAnswer,
    handler: async () => services.payments.clientConfig,
  });
  route(app, {
    method: 'GET',
    url: `${base}/billing`,
    summary: 'The card on file.',
    auth: 'session',
    params: orgParams,
    answer: billingAnswer,
    async handler({ request }) {
      const { id } = request.params as { id: string };
      return getBilling(services, await member(request, id));
    },
  });
  route(app, {
    method: 'PUT',
    url: `${base}/billing`,
    summary: 'Puts a new card on file (verified first).',
    auth: 'session',
    params: orgParams,
    query: z.object({ couponCode: z.string().optional() }),
    body: tokenBody.optional(),
    answer: billingAnswer,
    async handler({ request, input }) {
      const { id } = request.params as { id: string };
      const who = await member(request, id);
      const { query, body } = input();
      const change = { token: tokenOf(body), couponCode: query.couponCode ?? null };
      return updateBilling(services, who, change, requestContext(request));
    },
  });
  route(app, {
    method: 'PUT',
    url: `${base}/billing/address`,
    summary: 'Who the invoices are made out to: contact, company, address, VAT number (owners).',
    auth: 'session',
    params: orgParams,
    body: invoiceAddressSchema,
    bodyCheckedBy: 'useCase',
    answer: z.record(z.string(), z.string()),
    async handler({ request, input }) {
      const { params, body } = input();
      const who = await member(request, params.id);
      return updateInvoiceAddress(services, who, body, requestContext(request));
    },
  });
  route(app, {
    method: 'GET',
    url: `${base}/subscriptions`,
    summary: 'The organisation’s subscription.',
    auth: 'session',
    params: orgParams,
    answer: subscriptionAnswer,
    async handler({ request }) {
      const { id } = request.params as { id: string };
      return getSubscription(services, await member(request, id));
    },
  });
  route(app, {
    method: 'POST',
    url: `${base}/subscription`,
    summary: 'Subscribes to a plan (with a card token or the card on file).',
    auth: 'session',
    params: orgParams,
    body: subscribeSchema,
    // Owners only: the use case checks the role before the body.
    bodyCheckedBy: 'useCase',
    answer: subscriptionChangeAnswer,
    status: 201,
    async handler({ request, input }) {
      const { id } = request.params as { id: string };
      const who = await member(request, id);
      return subscribe(services, who, input().body, requestContext(request));
    },
  });
  route(app, {
    method: 'PUT',
    url: `${base}/subscriptions`,
    summary: 'Changes the plan.',
    auth: 'session',
    params: orgParams,
    body: subscribeSchema,
    // Owners only: the use case checks the role before the body.
    bodyCheckedBy: 'useCase',
    answer: subscriptionChangeAnswer,
    async handler({ request, input }) {
      const { id } = request.params as { id: string };
      const who = await member(request, id);
      return changePlan(services, who, input().body, requestContext(request));
    },
  });
  for (const [method, summary, useCase] of [
    ['DELETE', 'Cancels the subscription at the end of the period.', cancelSubscription],
    ['PATCH', 'Reactivates a cancelled subscription.', reactivateSubscription],
  ] as const) {
    route(app, {
      method,
      url: `${base}/subscriptions`,
      summary,
      auth: 'session',
      params: orgParams,
      answer: subscriptionAnswer,
      async handler({ request }) {
        const { id } = request.params as { id: string };
        return useCase(services, await member(request, id), requestContext(request));
      },
    });
  }
  route(app, {
    method: 'GET',
    url: `${base}/coupons/:code`,
    summary: 'What a promotion code takes off.',
    auth: 'session',
    params: orgParams.extend({ code: z.string() }),
    answer: couponAnswer,
    async handler({ request, input }) {
      const { id } = request.params as { id: string };
      return couponOffer(services, await member(request, id), input().params.code);
    },
  });
  route(app, {
    method: 'GET',
    url: `${base}/adjustments`,
    summary: 'Charges and credits on the account.',
    auth: 'session',
    params: orgParams,
    answer: z.array(adjustmentAnswer),
    async handler({ request }) {
      const { id } = request.params as { id: string };
      return listAdjustments(services, await member(request, id));
    },
  });
  route(app, {
    method: 'GET',
    url: `${base}/invoices`,
    summary: 'The organisation’s invoices.',
    auth: 'session',
    params: orgParams,
    answer: z.array(invoiceAnswer),
    async handler({ request }) {
      const { id } = request.params as { id: string };
      return listInvoices(services, await member(request, id));
    },
  });
  /** ?format=pdf answers the url of the file (opened in a new window); otherwise the invoice. */
  route(app, {
    method: 'GET',
    url: `${base}/invoices/:invoiceId`,
    summary: 'One invoice (with ?format=pdf, where its PDF is).',
    auth: 'session',
    params: orgParams.extend({ invoiceId: z.string() }),
    query: z.object({ format: z.string().optional() }),
    answer: z.union([invoiceAnswer, pdfUrlAnswer]),
    async handler({ request, input }) {
      const { id } = request.params as { id: string };
      const who = await member(request, id);
      const { params, query } = input();
      const invoice = await getInvoice(services, who, params.invoiceId);
      if (query.format === 'pdf') {
        return {
          url: `/api/org/organizations/${id}/invoices/${encodeURIComponent(invoice.id)}/pdf`,
        };
      }
      return invoice;
    },
  });
  route(app, {
    method: 'GET',
    url: `${base}/invoices/:invoiceId/pdf`,
    summary: 'An invoice as a PDF.',
    auth: 'session',
    params: orgParams.extend({ invoiceId: z.string() }),
    answer: fileAnswer,
    async handler({ request, reply, input }) {
      const { id } = request.params as { id: string };
      const who = await member(request, id);
      const { invoice, pdf } = await invoicePdf(services, who, input().params.invoiceId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="invoice-${invoice.number}.pdf"`)
        .send(Buffer.from(pdf));
    },
  });

  // The sandbox's tokenizer answers the browser's card element, as Recurly.js's endpoint does.
  const sandbox = services.paymentsSandbox;
  if (sandbox) {
    route(app, {
      method: 'POST',
      url: SANDBOX_TOKEN_PATH,
      summary: 'The sandbox processor’s card tokenizer (test cards only).',
      auth: 'session',
      body: sandboxTokenBody,
      // The tokenizer answers a bad card with Recurly.js's field errors, not the catalogue's 400.
      bodyCheckedBy: 'useCase',
      answer: z.record(z.string(), z.unknown()),
      async handler({ request, input }) {
        requireAuth(request);
        return sandbox.tokenize(input().body);
      },
    });
  }
}
