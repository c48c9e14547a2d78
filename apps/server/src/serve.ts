/** The server: read config, migrate, listen (started by main.ts, the process's entry). */
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { appOrigin } from './http/hosts.ts';
import { isDatabaseUnavailable, outageSummary } from './platform/db/outage.ts';
import { startInboundSmtp } from './modules/integrations/inbox-transport.ts';

export async function serve() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { app, services } = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  // Project inboxes over SMTP, when a port is set.
  const inbound =
    config.inboundMail.smtpPort !== undefined
      ? await startInboundSmtp(services, config.inboundMail.smtpPort, config.host)
      : null;
  if (inbound) console.log(`  Project inboxes: SMTP on port ${inbound.port}`);
  const where = services.database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
  console.log(
    `\n  Assay is running on Node ${process.version}: open ${appOrigin(config)}\n  Data: ${where}\n`,
  );

  let stopping = false;
  // Once requests have drained, a background query cut short by the closing pool (the queue's
  // maintenance, a realtime reconnect) may reject with nobody awaiting it: noted, not fatal.
  // A database restart or failover (57P01, a refused connection) met by background work — the job
  // queue's polls, a timer — is logged and retried by that work later, never the end of the process.
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      app.log.warn(
        { outage: outageSummary(reason) },
        'database unavailable; background work will try again',
      );
      return;
    }
    if (!stopping) throw reason;
    app.log.warn({ err: reason }, 'ignored while shutting down');
  });
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took over 15 s; exiting');
      process.exit(1);
    }, 15_000);
    timer.unref();
    try {
      await inbound?.close();
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
