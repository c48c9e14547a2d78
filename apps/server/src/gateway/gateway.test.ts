import Fastify from 'fastify';
import { serverAudits } from 'graphql-http';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError, ERRORS, GATEWAY_MAX_DEPTH, parseGatewayError } from '@assay/domain';
import { buildTestApp, gateway } from '../../test/app.ts';
import { systemModule } from '../modules/system/index.ts';
import type { BuiltApp } from '../app.ts';
import { registerErrorHandling } from '../http/errors.ts';
import { registerGateway } from './index.ts';
import type { GatewayModule } from './module.ts';

const built = await buildTestApp();

/** A module that exists only in this test, to drive errors and deep or costly queries. */
const probeModule: GatewayModule = {
  name: 'probe',
  typeDefs: /* GraphQL */ `
    extend type Query {
      denied: String
      boom: String
      node: Node!
      echo(value: Int!): Int!
    }
    type Node {
      id: ID!
      child: Node!
      children(first: Int): [Node!]!
      secret: String
    }
  `,
  resolvers: {
    Query: {
      denied: () => {
        throw new AppError('forbidden');
      },
      boom: () => {
        throw new Error('connection string postgres://user:hunter2@db leaked');
      },
      node: () => ({ id: '1' }),
      echo: (_: unknown, args: { value: number }) => args.value,
    },
    Node: {
      child: (parent: { id: string }) => ({ id: `${parent.id}.1` }),
      children: (parent: { id: string }, args: { first?: number }) =>
        Array.from({ length: Math.min(args.first ?? 1, 3) }, (_, i) => ({
          id: `${parent.id}.${i}`,
        })),
      secret: () => {
        throw new AppError('notFound', { context: 'no such node' });
      },
    },
  },
};

let probe: BuiltApp;
beforeAll(async () => {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  registerGateway(app, built.services, [systemModule, probeModule]);
  await app.ready();
  probe = { app, services: built.services };
  return () => app.close();
});

describe('gateway', () => {
  it('answers a query with no-cache and app-version headers', async () => {
    const { response, body } = await gateway(
      built,
      '{ health { ok version database } appVersion }',
    );
    expect(response.statusCode).toBe(200);
    expect(body.data).toEqual({
      health: { ok: true, version: 'test-version', database: built.services.database.kind },
      appVersion: 'test-version',
    });
    expect(response.headers['x-app-version']).toBe('test-version');
    expect(response.headers['cache-control']).toContain('no-store');
    expect(response.headers['pragma']).toBe('no-cache');
  });

  it('passes every MUST audit of graphql-http', async () => {
    const fetchFn = async (input: string | URL | Request, init?: RequestInit) => {
      const request = new Request(input, init);
      const headers: Record<string, string> = {};
      request.headers.forEach((value, key) => {
        headers[key] = value;
      });
      const body = request.method === 'GET' ? undefined : await request.text();
      const url = new URL(request.url);
      const response = await built.app.inject({
        method: request.method as 'GET' | 'POST',
        url: url.pathname + url.search,
        headers,
        ...(body !== undefined ? { payload: body } : {}),
      });
      return new Response(response.body, {
        status: response.statusCode,
        headers: response.headers as Record<string, string>,
      });
    };
    const audits = serverAudits({ url: 'http://localhost/api/gateway/query', fetchFn });
    const results = await Promise.all(audits.map((audit) => audit.fn()));
    const failedMust = results.filter((r) => r.status === 'error');
    expect(failedMust.map((r) => `${r.id} ${r.name}: ${'reason' in r ? r.reason : ''}`)).toEqual(
      [],
    );
    expect(results.length).toBeGreaterThan(40);
  });

  it('formats application errors as the spec string with the path joined by dots', async () => {
    const { body } = await gateway(probe, '{ denied node { id secret } }');
    expect(body.errors).toHaveLength(2);
    const denied = body.errors?.find((e) => e.message.includes('ref:2003'));
    expect(denied?.message).toBe(
      `statusCode:403;message:${ERRORS.forbidden.message};ref:2003;path:denied`,
    );
    const secret = body.errors?.find((e) => e.message.includes('path:node.secret'));
    expect(parseGatewayError(secret?.message ?? '')).toEqual({
      statusCode: 404,
      message: ERRORS.notFound.message,
      ref: ERRORS.notFound.ref,
      context: 'no such node',
      path: 'node.secret',
    });
    expect(body.data).toEqual({ denied: null, node: { id: '1', secret: null } });
  });

  it('never shows an unexpected error or its stack to the client', async () => {
    const { body } = await gateway(probe, '{ boom }');
    const text = JSON.stringify(body);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('at ');
    expect(parseGatewayError(body.errors?.[0]?.message ?? '')).toMatchObject({
      statusCode: 500,
      message: 'Something went wrong. Please try again.',
      path: 'boom',
    });
  });

  it('refuses queries nested too deeply', async () => {
    const deep = `{ node { ${'child { '.repeat(GATEWAY_MAX_DEPTH)}id${' }'.repeat(GATEWAY_MAX_DEPTH)} } }`;
    const { body } = await gateway(probe, deep);
    expect(body.data).toBeUndefined();
    expect(parseGatewayError(body.errors?.[0]?.message ?? '')).toMatchObject({
      statusCode: 400,
      message: ERRORS.queryTooDeep.message,
      ref: ERRORS.queryTooDeep.ref,
    });
    const fine = `{ node { ${'child { '.repeat(3)}id${' }'.repeat(3)} } }`;
    expect((await gateway(probe, fine)).body.errors).toBeUndefined();
  });

  it('refuses queries that would cost too much', async () => {
    const costly = '{ node { children(first: 100) { children(first: 100) { id } } } }';
    const { body } = await gateway(probe, costly);
    expect(parseGatewayError(body.errors?.[0]?.message ?? '')).toMatchObject({
      statusCode: 400,
      message: ERRORS.queryTooCostly.message,
    });
    const cheap = '{ node { children(first: 3) { id } } }';
    expect((await gateway(probe, cheap)).body.data).toEqual({
      node: { children: [{ id: '1.0' }, { id: '1.1' }, { id: '1.2' }] },
    });
  });

  it('counts every alias of a root field: 400 aliases are refused before anything runs (#25)', async () => {
    const aliases = Array.from({ length: 400 }, (_, i) => `a${i}: node { id }`).join(' ');
    const { body } = await gateway(probe, `{ ${aliases} }`);
    expect(body.data).toBeUndefined();
    expect(parseGatewayError(body.errors?.[0]?.message ?? '')).toMatchObject({
      statusCode: 400,
      message: ERRORS.queryTooCostly.message,
      context: expect.stringMatching(/400 root fields \(aliases count\) are over the limit of 30/),
    });
    const few = Array.from({ length: 5 }, (_, i) => `a${i}: node { id }`).join(' ');
    expect((await gateway(probe, `{ ${few} }`)).body.errors).toBeUndefined();
  });

  it('answers 400 with the newer media type for bad variables, 200 with application/json', async () => {
    const query = 'query($v: Int!) { echo(value: $v) }';
    const modern = await gateway(
      probe,
      query,
      { v: 'nope' },
      { accept: 'application/graphql-response+json' },
    );
    expect(modern.response.statusCode).toBe(400);
    expect(modern.response.headers['content-type']).toContain('application/graphql-response+json');
    const legacy = await gateway(probe, query, { v: 'nope' });
    expect(legacy.response.statusCode).toBe(200);
    expect(legacy.body.errors?.length).toBe(1);
    expect((await gateway(probe, query, { v: 7 })).body.data).toEqual({ echo: 7 });
  });

  it('answers malformed JSON with the REST error body', async () => {
    const response = await built.app.inject({
      method: 'POST',
      url: '/api/gateway/query',
      headers: { 'content-type': 'application/json' },
      payload: '{"query": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, ref: ERRORS.badRequest.ref });
  });
});
