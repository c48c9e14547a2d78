/**
 * The API as it is in this commit (#48 item 8): the gateway's schema and the REST document,
 * written to docs/api/current/ (`npm run docs:api`) and checked by a test that fails when they
 * are stale. docs/api/ itself keeps the last release's, the baseline of the breaking-change
 * check. The running server serves the same at /api/docs.
 */
import { printSchema, type GraphQLSchema } from 'graphql';
import type { FastifyInstance } from 'fastify';
import { openApiDocument } from './swagger.ts';

export const CURRENT_DOCS_DIR = 'docs/api/current';

/** The two documents' texts, by file name; the version is "current", not the build's. */
export function currentApiDocuments(app: FastifyInstance, schema: GraphQLSchema) {
  const openapi = openApiDocument(app) as { info?: Record<string, unknown> };
  const stable = { ...openapi, info: { ...openapi.info, version: 'current' } };
  return {
    'gateway.graphql': `${printSchema(schema)}\n`,
    'openapi.json': `${JSON.stringify(stable, null, 2)}\n`,
  };
}
