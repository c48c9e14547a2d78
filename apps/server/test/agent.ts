/** A cookie-keeping client for the real routes (app.inject), like one browser. */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../src/platform/mail/schema.ts';
import type { AppServices } from '../src/services.ts';

export interface Agent {
  cookies: Map<string, string>;
  request(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** Runs a gateway operation with this agent's session. */
  gateway(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<{ data?: Record<string, unknown> | null; errors?: { message: string }[] }>;
  post(
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  put(
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  delete(
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

export function createAgent(app: FastifyInstance, options: { ip?: string } = {}): Agent {
  const cookies = new Map<string, string>();
  const agent: Agent = {
    cookies,
    async request(method, url, payload, headers = {}) {
      const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const response = await app.inject({
        method,
        url,
        remoteAddress: options.ip ?? '10.0.0.1',
        headers: {
          ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
        ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
      });
      for (const set of response.cookies) {
        if (!set.value || (set.expires && new Date(set.expires).getTime() < Date.now()))
          cookies.delete(set.name);
        else cookies.set(set.name, set.value);
      }
      return response;
    },
    get: (url, headers) => agent.request('GET', url, undefined, headers),
    gateway: async (query, variables) => {
      const response = await agent.request('POST', '/api/gateway/query', {
        query,
        variables: variables ?? {},
      });
      return response.json() as {
        data?: Record<string, unknown> | null;
        errors?: { message: string }[];
      };
    },
    post: (url, payload, headers) => agent.request('POST', url, payload ?? {}, headers),
    put: (url, payload, headers) => agent.request('PUT', url, payload ?? {}, headers),
    delete: (url, payload, headers) => agent.request('DELETE', url, payload, headers),
  };
  return agent;
}

/** The newest email sent to an address. */
export async function lastMailTo(services: AppServices, to: string) {
  const [mail] = await services.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail;
}

/** The token of the first link in a mail. */
export function tokenFrom(text: string | undefined): string {
  const match = /token=([A-Za-z0-9_-]+)/.exec(text ?? '');
  if (!match?.[1]) throw new Error(`no token link in: ${text}`);
  return match[1];
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}.${Math.random().toString(36).slice(2, 6)}@example.com`;
}

export const GOOD_PASSWORD = 'Correct_horse1';
