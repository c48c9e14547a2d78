import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildSchema, printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config.ts';
import { buildGatewaySchema } from '../../gateway/index.ts';
import { gatewayChanges, restBreakingChanges } from '../../http/openapi/breaking.ts';
import { REST_ROUTES } from '../../http/openapi/routes.ts';
import { buildTestApp } from '../../../test/app.ts';

const built = await buildTestApp();

describe('API documentation', () => {
  it('serves an OpenAPI document with every REST route, each with its summary and security', async () => {
    const response = await built.app.inject('/api/docs/openapi.json');
    expect(response.statusCode).toBe(200);
    const doc = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, { summary: string; security: unknown[] }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    const registered = new Set(
      (built.routes ?? [])
        .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
        .map((r) => `${r.method} ${r.url}`),
    );
    // A route without a line in routes.ts, or a line for a route that is gone, fails here.
    expect([...registered].filter((r) => !REST_ROUTES[r]).sort()).toEqual([]);
    expect(
      Object.keys(REST_ROUTES)
        .filter((r) => !registered.has(r))
        .sort(),
    ).toEqual([]);
    expect(doc.paths['/api/proj/projects/{id}']?.get).toMatchObject({
      summary: 'A project with its settings and your abilities.',
      security: [{ session: [] }],
    });
    expect(doc.paths['/api/extension/evidence']?.post?.security).toEqual([{ personalToken: [] }]);
  });

  it('serves the gateway schema with descriptions', async () => {
    const response = await built.app.inject('/api/docs/gateway.graphql');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(printSchema(buildGatewaySchema()));
    expect(response.body).toContain('"Creates a draft cohort with its Sample Team');
  });

  it('finds breaking changes: a removed gateway field or REST route', () => {
    const current = buildSchema('type Query { a: String, c: Int }');
    expect(gatewayChanges('type Query { a: String, b: Int }', current).breaking).toEqual([
      'FIELD_REMOVED: Query.b was removed.',
    ]);
    expect(gatewayChanges('type Query { a: String }', current).breaking).toEqual([]);
    expect(
      restBreakingChanges(
        { paths: { '/x': { get: {}, post: {} } } },
        { paths: { '/x': { get: {} } } },
      ),
    ).toEqual(['POST /x was removed']);
  });

  it('has no breaking change against the last release (docs/api)', async () => {
    const released = await readFile(path.join(REPO_ROOT, 'docs/api/gateway.graphql'), 'utf8');
    expect(gatewayChanges(released, buildGatewaySchema()).breaking).toEqual([]);
  });
});
