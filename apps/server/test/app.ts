/** Builds the real app for a test file, on the worker's database. */
import { afterAll } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { getTestDatabase } from './database.ts';

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    APP_VERSION: 'test-version',
    WEB_DIST: '/nonexistent-web-dist',
    JOBS_ENABLED: 'false',
    APP_SECRET: 'test-secret-0123456789abcdef0123456789abcdef',
    APP_DOMAIN: 'assay.test',
    // Tests sign up many people from one address; the limits have tests of their own.
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    RATE_LIMIT_GATEWAY_PER_MINUTE: '100000',
    ...overrides,
  });
}

/** Builds the app once for the calling test file and closes it after the file's tests. */
export async function buildTestApp(
  options: { jobs?: boolean; env?: Record<string, string> } = {},
): Promise<BuiltApp> {
  const built = await buildApp(testConfig(options.env), {
    database: await getTestDatabase(),
    jobs: options.jobs ?? false,
  });
  afterAll(() => built.app.close());
  return built;
}

/** Posts a gateway operation through the real route. */
export async function gateway(
  built: BuiltApp,
  query: string,
  variables?: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const response = await built.app.inject({
    method: 'POST',
    url: '/api/gateway/query',
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ query, variables }),
  });
  return {
    response,
    body: response.json() as {
      data?: Record<string, unknown> | null;
      errors?: { message: string; path?: unknown[]; extensions?: Record<string, unknown> }[];
    },
  };
}
