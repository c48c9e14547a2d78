/**
 * The benchmark's server: the real app (production mode, in-memory PGlite, no jobs) plus a raw
 * Fastify JSON route giving the same answer as the gateway's trivial query. Prints its port.
 */
import { buildApp } from '@assay/server/app';
import { loadConfig } from '@assay/server/config';

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: 'memory://',
  LOG_LEVEL: 'warn',
  JOBS_ENABLED: 'false',
  APP_SECRET: process.env.APP_SECRET ?? 'bench-secret-0123456789abcdef0123456789abcdef',
});
const { app } = await buildApp(config);
app.post('/bench/raw', async () => ({ data: { appVersion: config.appVersion } }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
process.stdout.write(`PORT=${address.port}\n`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
