/**
 * REST routes of cohorts: a team's presentation files (the upload flow of part 2 §7) and cohort
 * billing (part 1 §7.3).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '@assay/domain';
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

type Params = Record<string, string>;

export function registerCohortRoutes(app: FastifyInstance, services: AppServices) {
  app.post('/api/org/cohorts/:cohortId/accounts', async (request, reply) => {
    const member = await requireMember(services, request);
    const { cohortId } = request.params as Params;
    const answer = await createCohortAccount(
      services,
      member,
      cohortId ?? '',
      (request.body ?? {}) as { token?: unknown },
      requestContext(request),
    );
    return reply.code(201).send(answer);
  });
  app.get('/api/org/cohorts/:cohortId/billing', async (request) => {
    const member = await requireMember(services, request);
    return getCohortBilling(services, member, (request.params as Params).cohortId ?? '');
  });
  app.put('/api/org/cohorts/:cohortId/billing', async (request) => {
    const member = await requireMember(services, request);
    return updateCohortBilling(
      services,
      member,
      (request.params as Params).cohortId ?? '',
      (request.body ?? {}) as { token?: unknown },
      requestContext(request),
    );
  });
  app.get('/api/org/cohorts/:cohortId/adjustments', async (request) => {
    const member = await requireMember(services, request);
    return listCohortAdjustments(services, member, (request.params as Params).cohortId ?? '');
  });
  // ?format=pdf answers where to fetch the PDF; &download=1 is that PDF itself.
  app.get('/api/org/cohorts/:cohortId/invoices/:invoiceId', async (request, reply) => {
    const member = await requireMember(services, request);
    const { cohortId = '', invoiceId = '' } = request.params as Params;
    const query = request.query as { format?: string; download?: string };
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
  });
  app.post('/api/org/profiles/:profileId/cohorts/:cohortId/accounts', async (request, reply) => {
    const member = await requireMember(services, request);
    const { profileId = '', cohortId = '' } = request.params as Params;
    const answer = await payEditorFee(
      services,
      member,
      profileId,
      cohortId,
      (request.body ?? {}) as { paymentToken?: unknown },
      requestContext(request),
    );
    return reply.code(201).send(answer);
  });

  app.post('/api/cohort/team-presentations/:id/media', async (request) => {
    const member = await requireMember(services, request);
    const { id } = request.params as { id: string };
    const row = await recordMedia(
      services,
      member,
      { collection: 'presentations', subjectId: id, key: (request.body as { key?: unknown })?.key },
      requestContext(request),
    );
    return presentMedia(row);
  });

  app.post('/api/cohort/cohorts/:cohortId/resource-media', async (request) => {
    const member = await requireMember(services, request);
    const { cohortId = '' } = request.params as Params;
    const row = await recordMedia(
      services,
      member,
      {
        collection: 'cohortResources',
        subjectId: cohortId,
        key: (request.body as { key?: unknown })?.key,
      },
      requestContext(request),
    );
    return presentMedia(row);
  });

  app.delete('/api/cohort/cohorts/:cohortId/resource-media/:mediaId', async (request) => {
    const member = await requireMember(services, request);
    const { cohortId = '', mediaId = '' } = request.params as Params;
    return deleteMedia(services, member, mediaId, requestContext(request), async (_tx, row) => {
      if (row.collection !== 'cohortResources' || row.subjectId !== cohortId)
        throw new AppError('notFound');
    });
  });

  app.delete('/api/cohort/team-presentations/:id/media/:mediaId', async (request) => {
    const member = await requireMember(services, request);
    const { id, mediaId } = request.params as { id: string; mediaId: string };
    return deleteMedia(services, member, mediaId, requestContext(request), async (_tx, row) => {
      if (row.collection !== 'presentations' || row.subjectId !== id)
        throw new AppError('notFound');
    });
  });
}
