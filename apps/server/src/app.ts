/** buildApp(config): the Fastify instance serving REST, the gateway, jobs and the web app. */
import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { APP_VERSION_HEADER } from '@assay/domain';
import type { Config } from './config.ts';
import { registerGateway } from './gateway/index.ts';
import { registerAuthContext } from './http/auth-context.ts';
import { registerCrossSiteProtection } from './http/cross-site.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { isOwnOrigin } from './http/hosts.ts';
import { registerBootstrapRoute } from './modules/auth/bootstrap.ts';
import { isApiPath, registerWebApp } from './web-app.ts';
import { seedLicenseKeys } from './modules/auth/license-keys.ts';
import { registerAuthRoutes } from './modules/auth/routes.ts';
import { registerSsoProofRoutes } from './modules/sso/proof-routes.ts';
import { registerSsoRoutes } from './modules/sso/routes.ts';
import { registerDevMailRoutes } from './modules/mail/routes.ts';
import { registerOrganizationRoutes } from './modules/organizations/routes.ts';
import { registerAccessLogHandlers } from './modules/organizations/access-log.ts';
import { registerNavigationHandlers } from './modules/organizations/navigation.ts';
import { registerCollectionRoutes } from './modules/organizations/navigation-routes.ts';
import { registerProjectRoutes } from './modules/projects/routes.ts';
import { registerCardRoutes } from './modules/cards/routes.ts';
import { registerDashboardRoutes } from './modules/dashboards/routes.ts';
import { registerExportRoutes } from './modules/exports/routes.ts';
import { registerRealtimeRoutes } from './modules/realtime/routes.ts';
import { registerNotificationRoutes } from './modules/notifications/routes.ts';
import { registerNotificationHandlers } from './modules/notifications/service.ts';
import { registerCohortChannel } from './modules/cohorts/live.ts';
import { registerAgentChannel } from './modules/generation/live.ts';
import { registerMemberChannel } from './modules/organizations/live.ts';
import { startDigestTimer } from './modules/notifications/delivery.ts';
import { startOrganizationPurge } from './modules/organizations/deletion.ts';
import {
  ORGANIZATION_EXPORT_QUEUE,
  runOrganizationExport,
  startExportSweep,
} from './modules/exports/organization-export.ts';
import { startTrashPurge } from './modules/cards/trash.ts';
import { startCohortSnapshots } from './modules/cohorts/snapshots.ts';
import { registerMediaRoutes } from './modules/media/routes.ts';
import { startUploadSweep } from './modules/media/pending-uploads.ts';
import { runTranscription, TRANSCRIBE_QUEUE } from './modules/media/transcription.ts';
import { runGeneration } from './modules/generation/runner.ts';
import { GENERATION_QUEUE } from './modules/generation/service.ts';
import { registerSystemRoutes } from './modules/system/routes.ts';
import { registerApiDocsRoutes } from './modules/system/docs-routes.ts';
import { migrateDatabase, openDatabase, type Database } from './platform/db/index.ts';
import { createEventDispatcher, EVENTS_QUEUE, type EventJob } from './platform/events/dispatch.ts';
import { createTransactionRunner } from './platform/events/unit-of-work.ts';
import { createLocalStorage } from './platform/storage/index.ts';
import { createS3Storage } from './platform/storage/s3.ts';
import { createAiProvider } from './platform/ai/index.ts';
import { createPayments } from './platform/payments/index.ts';
import { registerCohortRoutes } from './modules/cohorts/routes.ts';
import { registerDemoRoutes } from './modules/demo/routes.ts';
import { registerPortalRoutes } from './modules/portal/routes.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerIntegrationHandlers } from './modules/integrations/handlers.ts';
import { registerModuleJoins } from './joins.ts';
import { registerOpenApi } from './http/openapi/swagger.ts';
import { registerIntegrationRoutes } from './modules/integrations/routes.ts';
import { registerMcpRoutes } from './modules/mcp/routes.ts';
import { registerInboundMailRoute } from './modules/integrations/inbox-transport.ts';
import { registerBillingRoutes } from './modules/billing/routes.ts';
import {
  registerBillingLifecycleRoutes,
  startBillingLifecycle,
} from './modules/billing/lifecycle-routes.ts';
import { startJobQueue, type JobQueue } from './platform/jobs/index.ts';
import { createMailer } from './platform/mail/index.ts';
import { createPostgresBus } from './platform/realtime/pg-bus.ts';
import { createInProcessBus } from './platform/realtime/bus.ts';
import type { AppServices } from './services.ts';
import { REQUEST_ID_HEADER, registerRequestContext } from './http/request-context.ts';
import { registerRateLimits } from './http/rate-limits.ts';
import { requestIdFrom } from './platform/observability/context.ts';
import { createMetrics } from './platform/observability/metrics.ts';

export interface BuildAppOptions {
  /** A database opened (and migrated) by the caller, which then also closes it. */
  database?: Database;
  /** Overrides config.jobsEnabled. */
  jobs?: boolean;
}

export interface BuiltApp {
  app: FastifyInstance;
  services: AppServices;
  /** Every route registered, for the authorisation matrix test. */
  routes?: { method: string; url: string }[];
}

/** Builds the app: opens and migrates the database unless one is given, starts the job queue. */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    bodyLimit: 1024 * 1024,
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    genReqId: (request) => requestIdFrom(request.headers[REQUEST_ID_HEADER]),
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
  });

  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });

  const ownsDatabase = options.database === undefined;
  const database = options.database ?? (await openDatabase(config));
  if (ownsDatabase) await migrateDatabase(database);
  await seedLicenseKeys(database, config.licenseKeys);

  // PostgreSQL carries events between instances; PGlite is one process.
  const bus = database.pool
    ? await createPostgresBus(database.pool, app.log, database.direct)
    : createInProcessBus();
  let jobs: JobQueue | undefined;
  const metrics = createMetrics({
    database,
    queueDepth: () => (jobs ? jobs.depth() : Promise.resolve([])),
    processMetrics: config.env !== 'test',
  });
  if (options.jobs ?? config.jobsEnabled) {
    jobs = await startJobQueue({
      database,
      logger: app.log,
      onJobDone: (labels, seconds) => metrics.observeJob(labels, seconds),
    });
  }
  const events = createEventDispatcher({ database, bus, jobs, logger: app.log });
  const payments = createPayments(config, database.db);
  const services: AppServices = {
    config,
    payments: payments.processor,
    paymentsSandbox: payments.sandbox,
    logger: app.log,
    metrics,
    database,
    bus,
    jobs,
    events,
    mailer: createMailer({
      database,
      logger: app.log,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
    }),
    ai: createAiProvider(config, app.log),
    storage: config.s3
      ? createS3Storage(config.s3)
      : createLocalStorage({ dataDir: config.dataDir, secret: config.appSecret }),
    transaction: createTransactionRunner(
      database,
      (rows) => events.publish(rows),
      (name, projectId) => events.processedAtSql(name, projectId),
    ),
  };
  registerAccessLogHandlers(services);
  registerNavigationHandlers(services);
  registerNotificationHandlers(services);
  registerCohortChannel(services);
  registerAgentChannel(services);
  registerMemberChannel(services);
  registerIntegrationHandlers(services);
  registerModuleJoins();
  // The daily digest runs where the job queue runs.
  const stopDigests = jobs ? startDigestTimer(services) : () => undefined;
  // The trash is emptied of cards deleted more than 30 days ago, where the job queue runs.
  const stopTrashPurge = jobs ? startTrashPurge(services) : () => undefined;
  // Organisations whose 14 days of grace are over are removed, where the job queue runs (#29).
  const stopOrganizationPurge = jobs ? startOrganizationPurge(services) : () => undefined;
  // Organisation exports whose links expired lose their files (#29).
  const stopExportSweep = jobs ? startExportSweep(services) : () => undefined;
  // Uploads never recorded on a subject lose their files after a day (#47).
  const stopUploadSweep = jobs ? startUploadSweep(services) : () => undefined;
  // The sandbox's renewals and dunning, and the card reminders, every hour (#30).
  const stopBilling = startBillingLifecycle(services, Boolean(jobs));
  // Each cohort week's maps and metrics are kept when the week ends.
  const stopSnapshots = jobs ? startCohortSnapshots(services) : () => undefined;
  if (jobs) {
    await jobs.work<EventJob>(EVENTS_QUEUE, (data) => events.process(data.eventId));
    await jobs.work<{ transcriptionId: string }>(TRANSCRIBE_QUEUE, (data) =>
      runTranscription(services, data.transcriptionId),
    );
    await jobs.work<{ generationId: string }>(GENERATION_QUEUE, (data) =>
      runGeneration(services, data.generationId),
    );
    await jobs.work<{ exportId: string }>(ORGANIZATION_EXPORT_QUEUE, (data) =>
      runOrganizationExport(services, data.exportId),
    );
  }

  await app.register(fastifyCookie);
  // Before any route: the OpenAPI document is made from the routes as they register.
  await registerOpenApi(app, config.appVersion);
  registerRequestContext(app, metrics);
  await registerRateLimits(app, config.rateLimits);

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header(APP_VERSION_HEADER, config.appVersion);
    if (isApiPath(request.url)) {
      reply.header('cache-control', 'no-store, no-cache, must-revalidate');
      reply.header('pragma', 'no-cache');
      reply.header('expires', '0');
    }
    return payload;
  });

  registerErrorHandling(app);
  registerInputGuard(app);
  registerCrossSiteProtection(app, (origin) => isOwnOrigin(origin, config.appDomain));
  registerSecurityHeaders(app, config);
  registerAuthContext(app, services);
  registerSystemRoutes(app, services);
  registerApiDocsRoutes(app);
  registerAuthRoutes(app, services);
  registerSsoRoutes(app, services);
  registerSsoProofRoutes(app, services);
  registerBootstrapRoute(app, services);
  registerOrganizationRoutes(app, services);
  registerDevMailRoutes(app, services);
  registerProjectRoutes(app, services);
  registerCardRoutes(app, services);
  registerDashboardRoutes(app, services);
  registerExportRoutes(app, services);
  registerNotificationRoutes(app, services);
  registerMediaRoutes(app, services);
  registerCollectionRoutes(app, services);
  registerBillingRoutes(app, services);
  await registerBillingLifecycleRoutes(app, services);
  registerPortalRoutes(app, services);
  registerIntegrationRoutes(app, services);
  registerMcpRoutes(app, services);
  registerInboundMailRoute(app, services);
  registerCohortRoutes(app, services);
  registerDemoRoutes(app, services);
  await registerRealtimeRoutes(app, services);
  registerGateway(app, services);
  registerWebApp(app, services);

  app.addHook('onClose', async () => {
    stopDigests();
    stopTrashPurge();
    stopOrganizationPurge();
    stopExportSweep();
    stopUploadSweep();
    stopBilling();
    stopSnapshots();
    if (jobs) await jobs.stop();
    await bus.close();
    services.mailer.close();
    await services.ai.close?.();
    if (ownsDatabase) await database.close();
  });

  return { app, services, routes };
}
