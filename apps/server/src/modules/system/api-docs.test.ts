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
    type Operation = {
      summary?: string;
      security?: unknown[];
      parameters?: { name: string; in: string }[];
      requestBody?: { content: Record<string, { schema: { properties?: object } }> };
      responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
    };
    const doc = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, Operation>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    const registered = (built.routes ?? []).filter(
      (r) => r.method !== 'HEAD' && r.method !== 'OPTIONS',
    );
    const operation = (method: string, url: string) =>
      doc.paths[url.replace(/:([A-Za-z]+)/g, '{$1}')]?.[method.toLowerCase()];
    // Every route is in the document with a summary and who may call it (a route neither
    // declared nor given a line in routes.ts fails here), and routes.ts names no route that is gone.
    const missing = registered
      .filter((r) => !operation(r.method, r.url)?.summary || !operation(r.method, r.url)?.security)
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    const keys = new Set(registered.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(REST_ROUTES).filter((r) => !keys.has(r))).toEqual([]);
    expect(doc.paths['/api/extension/evidence']?.post?.security).toEqual([{ personalToken: [] }]);
    // A declared route shows its params, body and answer.
    const project = doc.paths['/api/proj/projects/{id}'];
    expect(project?.get).toMatchObject({
      summary: 'A project with its settings and your abilities.',
      security: [{ session: [] }],
      parameters: [expect.objectContaining({ name: 'id', in: 'path' })],
    });
    expect(project?.get?.responses['200']?.content?.['application/json']?.schema).toMatchObject({
      properties: expect.objectContaining({ abilities: expect.anything() }),
    });
    expect(project?.put?.requestBody?.content['application/json']?.schema.properties).toMatchObject(
      { name: expect.anything(), status: expect.anything() },
    );
    // Every operation names its path parameters and declares its answer (#27): a body's shape,
    // nothing (204), or a redirect (3xx).
    const undeclared: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
      for (const [method, op] of Object.entries(operations)) {
        const given = new Set(
          (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        );
        const declared = Object.entries(op.responses).some(
          ([code, answer]) =>
            /^3\d\d$/.test(code) ||
            code === '204' ||
            (/^2\d\d$/.test(code) && answer.content !== undefined),
        );
        if (names.some((n) => !given.has(n)) || !declared)
          undeclared.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(undeclared).toEqual([]);
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
