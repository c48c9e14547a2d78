/**
 * The processor's webhook (#30), and — only with the embedded sandbox and PAYMENTS_SANDBOX_CLOCK
 * on — an owner's way to move the sandbox's clock so a journey sees a month pass. Also where the
 * sandbox's renewals run every hour (Recurly runs its own) and its notifications are received.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, canChangePlan, salesRequestSchema } from '@assay/domain';
import { requestContext, requireMember } from '../../http/member-context.ts';
import { route } from '../../http/route.ts';
import { everyHour } from '../../platform/jobs/hourly.ts';
import { SIGNATURE_HEADER } from '../../platform/payments/webhook-signature.ts';
import type { AppServices } from '../../services.ts';
import { receiveNotification } from './lifecycle.ts';
import { remindExpiringCards, remindGraceEnding } from './reminders.ts';
import { requestEnterprise } from './sales-requests.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Sends the sandbox's notifications to the receiver; returns the hourly run's stop. */
export function startBillingLifecycle(services: AppServices, withJobs: boolean): () => void {
  const sandbox = services.paymentsSandbox;
  sandbox?.onNotification((body, signature) => receiveNotification(services, body, signature));
  if (!withJobs) return () => undefined;
  return everyHour(services.logger, 'billing lifecycle', async () => {
    await sandbox?.run();
    // Billing's own time: the sandbox's clock where there is one (tests and journeys move it).
    const now = sandbox?.clock.now() ?? new Date();
    await remindExpiringCards(services, { now });
    await remindGraceEnding(services, { now });
  });
}

export async function registerBillingLifecycleRoutes(app: FastifyInstance, services: AppServices) {
  // The signature covers the body as sent: this route reads it as text.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, body),
    );
    route(scope, {
      method: 'POST',
      url: '/api/payments/webhooks',
      summary:
        'The card processor’s webhook notifications (Recurly’s JSON format, signed in recurly-signature): each taken once; the subscription or invoice it names is read again.',
      auth: 'secret',
      answer: z.object({ received: z.boolean(), duplicate: z.boolean() }),
      async handler({ request }) {
        const header = request.headers[SIGNATURE_HEADER];
        const body = typeof request.body === 'string' ? request.body : '';
        return receiveNotification(services, body, typeof header === 'string' ? header : undefined);
      },
    });
  });

  route(app, {
    method: 'POST',
    url: '/api/org/organizations/:id/sales-requests',
    summary:
      'Asks about the Enterprise plan (members): kept for operators and mailed to the sales address.',
    auth: 'session',
    params: z.object({ id: z.string() }),
    body: salesRequestSchema,
    bodyCheckedBy: 'useCase',
    answer: z.object({ id: z.string(), createdAt: z.string() }),
    status: 201,
    async handler({ request, input }) {
      const { params, body } = input();
      const member = await requireMember(services, request, {
        organizationId: params.id,
        whileReadOnly: true,
      });
      return requestEnterprise(services, member, body, requestContext(request));
    },
  });

  const sandbox = services.paymentsSandbox;
  if (!sandbox || !services.config.paymentsSandboxClock) return;
  route(app, {
    method: 'POST',
    url: '/api/payments/sandbox/clock',
    summary:
      'Moves the sandbox processor’s clock forward and brings the organisation’s subscription up to it (owners; PAYMENTS_SANDBOX_CLOCK=on only).',
    auth: 'session',
    body: z.object({ days: z.number().int().min(1).max(400) }),
    answer: z.object({ now: z.string() }),
    async handler({ request, input }) {
      const member = await requireMember(services, request, { whileReadOnly: true });
      if (!canChangePlan(member.role)) throw new AppError('forbidden');
      sandbox.clock.advance(input().body.days * DAY_MS);
      const account = member.organization.billing?.accountCode ?? member.organization.id;
      await sandbox.run({ only: [account] });
      return { now: sandbox.clock.now().toISOString() };
    },
  });
}
