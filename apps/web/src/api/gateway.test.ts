import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@assay/domain';
import { ApiError } from './errors.ts';
import { gatewayRequest } from './gateway.ts';
import { restRequest } from './rest.ts';

function answer(body: string, init: { status?: number; headers?: Record<string, string> } = {}) {
  const fetchMock = vi.fn(
    async () => new Response(body, { status: init.status ?? 200, headers: init.headers }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('gateway client', () => {
  it('posts the query with credentials, no-cache headers and the project id', async () => {
    const fetchMock = answer(JSON.stringify({ data: { appVersion: '1' } }));
    const data = await gatewayRequest<{ appVersion: string }>(
      '{ appVersion }',
      { a: 1 },
      { projectId: 'p1' },
    );
    expect(data.appVersion).toBe('1');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/gateway/query');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    const headers = init.headers as Record<string, string>;
    expect(headers['cache-control']).toBe('no-cache');
    expect(headers['x-project-id']).toBe('p1');
    expect(JSON.parse(init.body as string)).toMatchObject({
      query: '{ appVersion }',
      variables: { a: 1 },
    });
  });

  it('turns the error string back into status, message and ref', async () => {
    answer(
      JSON.stringify({
        data: null,
        errors: [{ message: 'statusCode:403;message:Nope.;ref:7;path:a.b' }],
      }),
    );
    const error = (await gatewayRequest('{ x }').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 403, message: 'Nope.', ref: 7, path: 'a.b' });
  });

  it('reads errors nested in data and in createInvites', async () => {
    answer(
      JSON.stringify({
        data: { createInvites: { errors: [{ message: 'statusCode:400;message:Bad invite' }] } },
      }),
    );
    await expect(gatewayRequest('mutation { x }')).rejects.toMatchObject({
      statusCode: 400,
      message: 'Bad invite',
    });
  });

  it('gives the unknown-error message for an answer that is not JSON', async () => {
    answer('<html>bad gateway</html>', { status: 502 });
    await expect(gatewayRequest('{ x }')).rejects.toMatchObject({
      statusCode: 502,
      message: MESSAGES.unknownRequestError,
    });
  });

  it('shows the default message for engine errors', async () => {
    answer(JSON.stringify({ errors: [{ message: 'Cannot query field "x" on type "Query".' }] }));
    await expect(gatewayRequest('{ x }')).rejects.toMatchObject({
      message: MESSAGES.somethingWentWrong,
    });
  });
});

describe('REST client', () => {
  it('reads { statusCode, message, ref }', async () => {
    answer(JSON.stringify({ statusCode: 404, message: 'Not here', ref: 2004 }), { status: 404 });
    await expect(restRequest('/api/x')).rejects.toMatchObject({
      statusCode: 404,
      message: 'Not here',
      ref: 2004,
    });
  });
});
