/**
 * REST routes of cohorts: a team's presentation files (the upload flow of part 2 §7) and cohort
 * billing (part 1 §7.3).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adjustmentAnswer,
  AppError,
  cohortAccountAnswer,
  cohortBillingAnswer,
  doneAnswer,
  editorFeeAnswer,
  fileAnswer,
  invoiceAnswer,
  mediaAnswer,
  mediaKeyBody,
  pdfUrlAnswer,
  tokenBody,
} from '@assay/domain';
import { route } from '../../http/route.ts';
import { requestContext, requireMember } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { deleteMedia, presentMedia, recordMedia } from '../media/ports.ts';
import {
  cohortInvoicePdf,
  createCohortAccount,
  getCohortBilling,
  getCohortInvoice,
  listCohortAdjustments,
  payEditorFee,
  updateCohortBilling,
} from './billing.ts';

const cohortParams = z.object({ cohortId: z.string() });
const paymentBody = z.looseObject({ paymentToken: z.unknown().optional() });

export function registerCohortRoutes(app: FastifyInstance, services: AppServices) {
  route(app, {
    method: 'POST',
    url: '/api/org/cohorts/:cohortId/accounts',
    summary: 'Opens the cohort’s billing account with a card.',
    auth: 'session',
    params: cohortParams,
    body: tokenBody.optional(),
    answer: cohortAccountAnswer,
    status: 201,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      const { params, body } = input();
      const context = requestContext(request);
      return createCohortAccount(services, member, params.cohortId, body ?? {}, context);
    },
  });
  route(app, {
    method: 'GET',
    url: '/api/org/cohorts/:cohortId/billing',
    summary: 'The cohort’s card on file.',
    auth: 'session',
    params: cohortParams,
    answer: cohortBillingAnswer,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      return getCohortBilling(services, member, input().params.cohortId);
    },
  });
  route(app, {
    method: 'PUT',
    url: '/api/org/cohorts/:cohortId/billing',
    summary: 'Puts a new card on the cohort’s account.',
    auth: 'session',
    params: cohortParams,
    body: tokenBody.optional(),
    answer: cohortAccountAnswer,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      const { params, body } = input();
      const context = requestContext(request);
      return updateCohortBilling(services, member, params.cohortId, body ?? {}, context);
    },
  });
  route(app, {
    method: 'GET',
    url: '/api/org/cohorts/:cohortId/adjustments',
    summary: 'Charges and credits on the cohort’s account.',
    auth: 'session',
    params: cohortParams,
    answer: z.array(adjustmentAnswer),
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      return listCohortAdjustments(services, member, input().params.cohortId);
    },
  });
  // ?format=pdf answers where to fetch the PDF; &download=1 is that PDF itself.
  route(app, {
    method: 'GET',
    url: '/api/org/cohorts/:cohortId/invoices/:invoiceId',
    summary: 'One cohort invoice (?format=pdf: where its PDF is; &download=1: the PDF).',
    auth: 'session',
    params: cohortParams.extend({ invoiceId: z.string() }),
    query: z.object({ format: z.string().optional(), download: z.string().optional() }),
    answer: z.union([invoiceAnswer, pdfUrlAnswer, fileAnswer]),
    async handler({ request, reply, input }) {
      const member = await requireMember(services, request);
      const { params, query } = input();
      const { cohortId, invoiceId } = params;
      if (query.format !== 'pdf') return getCohortInvoice(services, member, cohortId, invoiceId);
      if (query.download !== '1') {
        const invoice = await getCohortInvoice(services, member, cohortId, invoiceId);
        return {
          url: `/api/org/cohorts/${cohortId}/invoices/${encodeURIComponent(invoice.id)}?format=pdf&download=1`,
        };
      }
      const { invoice, pdf } = await cohortInvoicePdf(services, member, cohortId, invoiceId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="invoice-${invoice.number}.pdf"`)
        .send(Buffer.from(pdf));
    },
  });
  route(app, {
    method: 'POST',
    url: '/api/org/profiles/:profileId/cohorts/:cohortId/accounts',
    summary: 'Pays a student’s editor fee for a cohort (once).',
    auth: 'session',
    params: cohortParams.extend({ profileId: z.string() }),
    body: paymentBody.optional(),
    answer: editorFeeAnswer,
    status: 201,
    async handler({ request, input }) {
      const member = await requireMember(services, request);
      const { params, body } = input();
      const context = requestContext(request);
      return payEditorFee(services, member, params.profileId, params.cohortId, body ?? {}, context);
    },
  });

  // Files of a team's presentation and of the cohort's resources (the upload flow of part 2 §7).
  for (const [url, collection, key, summary] of [
    [
      '/api/cohort/team-presentations/:id/media',
      'presentations',
      'id',
      'Adds a file to a team’s presentation.',
    ],
    [
      '/api/cohort/cohorts/:cohortId/resource-media',
      'cohortResources',
      'cohortId',
      'Adds a file to the cohort’s resources.',
    ],
  ] as const) {
    route(app, {
      method: 'POST',
      url,
      summary,
      auth: 'session',
      params: z.object({ [key]: z.string() }),
      body: mediaKeyBody.optional(),
      answer: mediaAnswer,
      async handler({ request, input }) {
        const member = await requireMember(services, request);
        const { params, body } = input();
        const subjectId = (params as Record<string, string>)[key] ?? '';
        const where = { collection, subjectId, key: body?.key };
        return presentMedia(await recordMedia(services, member, where, requestContext(request)));
      },
    });
  }
  for (const [url, collection, key, summary] of [
    [
      '/api/cohort/team-presentations/:id/media/:mediaId',
      'presentations',
      'id',
      'Removes a file from a team’s presentation.',
    ],
    [
      '/api/cohort/cohorts/:cohortId/resource-media/:mediaId',
      'cohortResources',
      'cohortId',
      'Removes a file from the cohort’s resources.',
    ],
  ] as const) {
    route(app, {
      method: 'DELETE',
      url,
      summary,
      auth: 'session',
      params: z.object({ [key]: z.string(), mediaId: z.string() }),
      answer: doneAnswer,
      async handler({ request, input }) {
        const member = await requireMember(services, request);
        const params = input().params as Record<string, string>;
        const subjectId = params[key] ?? '';
        const context = requestContext(request);
        return deleteMedia(services, member, params.mediaId ?? '', context, async (_tx, row) => {
          if (row.collection !== collection || row.subjectId !== subjectId)
            throw new AppError('notFound');
        });
      },
    });
  }
}
