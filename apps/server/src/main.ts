/**
 * Start: drizzle's CommonJS build for the whole process (platform/db/drizzle-cjs.ts), then the
 * server (serve.ts: read config, migrate, listen).
 */
import { useDrizzleCommonJs } from './platform/db/drizzle-cjs.ts';

useDrizzleCommonJs();
await import('./serve.ts');
