/** Start: read config, migrate, listen. */
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { appOrigin } from './http/hosts.ts';
import { startInboundSmtp } from './modules/integrations/inbox-transport.ts';

async function main() {
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
  console.log(`\n  Assay is running: open ${appOrigin(config)}\n  Data: ${where}\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    await inbound?.close();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
