import { createRequire } from 'node:module';
import { defineProject } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineProject({
  resolve: {
    // Node loads graphql's CommonJS build (graphql-jit and graphql-tools require it); make the
    // test runner use the same one, or schemas cross "realms".
    alias: { graphql: require.resolve('graphql') },
  },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    // Files in a worker share one migrated database (test/database.ts).
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
