/**
 * The benchmark's server: the real app (production mode, no jobs) on in-memory PGlite, or on
 * PostgreSQL when BENCH_DATABASE_URL is set, plus a raw Fastify JSON route giving the same answer
 * as the gateway's trivial query. With BENCH_SEED_CARDS it first seeds a canvas (seed.ts), or with
 * BENCH_SEED_KIND=connections a project of cards and connections (seed-connections.ts); BENCH_DRAFTED=1
 * gives the canvas's project what an AI draft writes besides cards (seed-draft.ts).
 * Prints its port (and the seed) as JSON lines.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { useDrizzleCommonJs } from '@assay/server/drizzle-cjs';

// Imported by the compile cache's warm-up (apps/server/scripts/warm-compile-cache.ts), it starts nothing.
async function main() {
  // As the server's entry does (main.ts): drizzle's CommonJS build before anything imports it.
  useDrizzleCommonJs();
  const { buildApp } = await import('@assay/server/app');
  const { loadConfig } = await import('@assay/server/config');
  const { seedCanvas } = await import('./seed.ts');
  const { seedConnections } = await import('./seed-connections.ts');
  const { seedPortal } = await import('./seed-portal.ts');
  const { seedVolume } = await import('./seed-volume.ts');

  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: 'memory://',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    LOG_LEVEL: 'warn',
    JOBS_ENABLED: 'false',
    APP_DOMAIN: process.env.BENCH_APP_DOMAIN ?? process.env.APP_DOMAIN,
    APP_SECRET: process.env.APP_SECRET ?? 'bench-secret-0123456789abcdef0123456789abcdef',
    // The load comes from one client: per-client abuse limits would measure the limiter instead.
    RATE_LIMIT_WRITES_PER_MINUTE: process.env.RATE_LIMIT_WRITES_PER_MINUTE ?? '1000000000',
    RATE_LIMIT_GATEWAY_PER_MINUTE: process.env.RATE_LIMIT_GATEWAY_PER_MINUTE ?? '1000000000',
  });
  const built = await buildApp(config);
  const { app } = built;
  app.post('/bench/raw', async () => ({ data: { appVersion: config.appVersion } }));
  app.get('/bench/rss', async () => ({ rss: process.memoryUsage().rss }));
  const seedCards = Number(process.env.BENCH_SEED_CARDS ?? 0);
  const seed =
    seedCards <= 0
      ? null
      : process.env.BENCH_SEED_KIND === 'volume'
        ? await seedVolume(built, {
            projects: Number(process.env.VOLUME_PROJECTS ?? 10),
            cards: seedCards,
          })
        : process.env.BENCH_SEED_KIND === 'portal'
          ? await seedPortal(built, seedCards)
          : process.env.BENCH_SEED_KIND === 'connections'
            ? await seedConnections(built, {
                cards: seedCards,
                connections: Number(process.env.BENCH_SEED_CONNECTIONS ?? 3000),
              })
            : await seedCanvas(built, seedCards, { drafted: process.env.BENCH_DRAFTED === '1' });
  await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  process.stdout.write(`PORT=${address.port}\n`);
  // Always a SEED line (null without one): it says the server is ready.
  process.stdout.write(`SEED=${JSON.stringify(seed)}\n`);
  // BENCH_CPU_PROFILE=file.cpuprofile: a CPU profile of everything after the seed, written on SIGTERM.
  const profileTo = process.env.BENCH_CPU_PROFILE;
  const profiler = profileTo ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  process.on('SIGTERM', () => {
    void (async () => {
      if (profiler && profileTo) {
        const { profile } = await profiler.post('Profiler.stop');
        writeFileSync(profileTo, JSON.stringify(profile));
      }
      await app.close();
      process.exit(0);
    })();
  });
}

if (import.meta.main) await main();
