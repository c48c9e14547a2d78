import type { AppServices } from '../../services.ts';

export interface HealthReport {
  ok: boolean;
  version: string;
  database: 'pglite' | 'postgres';
  /** The Node.js release that runs the server (process.version). */
  node: string;
}

/** Reports whether the app can reach its database. */
export async function checkHealth(services: AppServices): Promise<HealthReport> {
  let ok = true;
  try {
    await services.database.executeSql('select 1');
  } catch {
    ok = false;
  }
  return {
    ok,
    version: services.config.appVersion,
    database: services.database.kind,
    node: process.version,
  };
}

/** Readiness: the database and, when enabled, the job queue. */
export async function checkReadiness(services: AppServices) {
  const health = await checkHealth(services);
  const jobs = services.jobs ? await services.jobs.isReady() : true;
  return { ...health, ok: health.ok && jobs, jobs };
}
