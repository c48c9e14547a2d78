/**
 * Start: drizzle's CommonJS build for the whole process (platform/db/drizzle-cjs.ts), then the
 * server (serve.ts: read config, migrate, listen). Imported by another module (the compile cache's
 * warm-up, scripts/warm-compile-cache.ts), it loads what the server needs and starts nothing.
 */
import { useDrizzleCommonJs } from './platform/db/drizzle-cjs.ts';

useDrizzleCommonJs();
const { serve } = await import('./serve.ts');
if (import.meta.main) {
  serve().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
