/** Request ids, rate limits and Prometheus metrics, through the real routes. */
import { describe, expect, it } from 'vitest';
import { buildTestApp, gateway } from '../../test/app.ts';
import { signUpUser } from '../../test/factories.ts';

const METRICS_TOKEN = 'metrics-token-0123456789';
const limited = await buildTestApp({
  env: {
    RATE_LIMIT_WRITES_PER_MINUTE: '3',
    RATE_LIMIT_GATEWAY_PER_MINUTE: '5',
    METRICS_TOKEN,
  },
});
const plain = await buildTestApp();

const signupFrom = (ip: string) =>
  limited.app.inject({
    method: 'POST',
    url: '/api/auth/signups',
    remoteAddress: ip,
    payload: { email: 'not-an-email' },
  });

describe('request ids', () => {
  it('answers each request with an id, keeping a well-formed one the proxy sent', async () => {
    const first = await plain.app.inject('/api/health');
    const second = await plain.app.inject('/api/health');
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    const kept = await plain.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'nginx-4f1c2a9be0' },
    });
    expect(kept.headers['x-request-id']).toBe('nginx-4f1c2a9be0');
    const refused = await plain.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\nwith newline' },
    });
    expect(refused.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('rate limits', () => {
  it('refuses a client’s writes past the limit with the catalogue’s 429, others go on', async () => {
    for (let i = 0; i < 3; i += 1) expect((await signupFrom('10.1.1.1')).statusCode).toBe(400);
    const refused = await signupFrom('10.1.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      statusCode: 429,
      message: 'Too many requests. Please try again later.',
      ref: 2006,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is its own client.
    expect((await signupFrom('10.1.1.2')).statusCode).toBe(400);
    // Reads are not limited.
    for (let i = 0; i < 6; i += 1) {
      const read = await limited.app.inject({ url: '/api/health', remoteAddress: '10.1.1.1' });
      expect(read.statusCode).toBe(200);
    }
  });

  it('keys on the address when the cookie is made up: forty sign-ups with forty cookies, three pass', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/signups',
          remoteAddress: '10.1.3.1',
          headers: { cookie: `assay_session=made-up-${i}-${Math.random().toString(36)}` },
          payload: { email: 'not-an-email' },
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(37);
  });

  it('limits the gateway per session, reads included', async () => {
    const { agent } = await signUpUser(plain, { ip: '10.1.2.1' });
    const cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const ask = () =>
      gateway(limited, '{ __typename }', undefined, { cookie, 'x-forwarded-for': '1.1.1.1' });
    for (let i = 0; i < 5; i += 1) expect((await ask()).response.statusCode).toBe(200);
    const refused = await ask();
    expect(refused.response.statusCode).toBe(429);
    expect(refused.response.json()).toMatchObject({ ref: 2006 });
    // Someone else, from the same address, is not held back by that session's use.
    const other = await gateway(limited, '{ __typename }');
    expect(other.response.statusCode).toBe(200);
  });
});

describe('request size limits', () => {
  it('refuses a JSON body over 1 MB with the catalogue’s 413 body, before any work', async () => {
    const response = await plain.app.inject({
      method: 'POST',
      url: '/api/gateway/query',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ query: '{ __typename }', pad: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413, ref: expect.any(Number) });
  });
});

describe('metrics', () => {
  it('is off without METRICS_TOKEN', async () => {
    expect((await plain.app.inject('/metrics')).statusCode).toBe(404);
  });

  it('answers only with the token, with requests, operations, jobs, sockets and the pool', async () => {
    expect((await limited.app.inject('/metrics')).statusCode).toBe(401);
    const wrong = await limited.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer not-the-token-at-all-x' },
    });
    expect(wrong.statusCode).toBe(401);
    const scrape = () =>
      limited.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
    const value = (text: string, series: string) => {
      const line = text.split('\n').find((l) => l.startsWith(`${series} `));
      return line ? Number(line.slice(series.length + 1)) : 0;
    };
    const series = {
      health: 'assay_http_requests_total{method="GET",route="/api/health",status="200"}',
      healthSeconds: 'assay_http_request_duration_seconds_count{method="GET",route="/api/health"}',
      typename: 'assay_gateway_operations_total{operation="__typename",type="query",outcome="ok"}',
      projectFailed:
        'assay_gateway_operations_total{operation="project",type="query",outcome="error"}',
      typenameSeconds:
        'assay_gateway_operation_duration_seconds_count{operation="__typename",type="query"}',
    };
    const before = (await scrape()).body;
    for (let i = 0; i < 2; i += 1) {
      await limited.app.inject({ url: '/api/health', remoteAddress: '10.1.3.1' });
      await gateway(limited, 'query Anything { __typename }', undefined, {
        'x-forwarded-for': '2.2.2.2',
      });
    }
    // A failing operation (no one is signed in): counted apart from the ones that succeed.
    await gateway(
      limited,
      '{ project(id: "00000000-0000-4000-8000-000000000000") { id } }',
      undefined,
      {
        'x-forwarded-for': '2.2.2.2',
      },
    );
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    // Each answer counted once, in its own label set, however often the set recurs.
    const added = (name: keyof typeof series) =>
      value(text, series[name]) - value(before, series[name]);
    expect([added('health'), added('healthSeconds')]).toEqual([2, 2]);
    expect([added('typename'), added('typenameSeconds'), added('projectFailed')]).toEqual([
      2, 2, 1,
    ]);
    expect(text).toMatch(
      /assay_http_requests_total\{method="GET",route="\/api\/health",status="200"\} \d+/,
    );
    expect(text).toContain('assay_http_request_duration_seconds_bucket');
    // Named by the schema's root field, never by the client's operation name.
    expect(text).toMatch(
      /assay_gateway_operations_total\{operation="__typename",type="query",outcome="ok"\}/,
    );
    expect(text).not.toContain('Anything');
    expect(text).toContain('assay_websocket_connections 0');
    expect(text).toContain('# TYPE assay_job_queue_depth gauge');
    expect(text).toMatch(/assay_db_pool_connections\{state="total"\} \d+/);
  });
});
