/**
 * The parts of the OpenAPI 3.1 document that are not a route's own: how callers prove who they
 * are, the sections (tags), and the error answers every route shares — the catalogue's
 * `{ statusCode, message, ref }`. The operations come from the routes (swagger.ts).
 */
import type { RouteAuth } from './route-doc.ts';

export const SECURITY: Record<RouteAuth, Record<string, string[]>[]> = {
  session: [{ session: [] }],
  public: [],
  token: [{ personalToken: [] }],
  accessToken: [{ accessToken: [] }],
  projectKey: [{ projectKey: [] }],
  secret: [{ inboundSecret: [] }],
  metrics: [{ metricsToken: [] }],
};

const TAGS: [RegExp, string][] = [
  [/^\/api\/(health|bootstrap|demo|dev|docs)|^\/metrics|^\/sub\//, 'System'],
  [/^\/mcp$/, 'AI assistants (MCP)'],
  [/^\/api\/gateway/, 'Gateway'],
  [/^\/api\/(auth|users)/, 'Accounts'],
  [
    /^\/api\/(payments|org\/organizations\/:id\/(billing|subscription|coupons|adjustments|invoices)|org\/cohorts|org\/profiles)/,
    'Billing',
  ],
  [/^\/api\/(org|anc)/, 'Organizations'],
  [
    /^\/api\/proj\/projects\/:id\/(integrations|slack|jira|trello|intercom|figma|zoom|zapier)|^\/api\/(zapier|inbound|extension)|^\/api\/canvas\/cards\/:cardId\/(jira|trello|figma)/,
    'Integrations',
  ],
  [/^\/api\/proj/, 'Projects'],
  [/^\/api\/(canvas|graph)/, 'Cards'],
  [/^\/api\/media/, 'Media'],
  [/^\/api\/notification/, 'Notifications'],
  [/^\/api\/cohort/, 'Cohorts'],
  [/^\/api\/public/, 'Public portal'],
];

/** The document's section for a route, by its path. */
export function tagOf(url: string): string {
  return TAGS.find(([pattern]) => pattern.test(url))?.[1] ?? 'Other';
}

export const DOCUMENT_INFO = {
  title: 'Assay REST API',
  description:
    'The REST routes of Assay. Most reads and writes of the app go through the GraphQL gateway (POST /api/gateway/query, schema at /api/docs/gateway.graphql). Organisation routes are called on the organisation’s host (<slug>.<APP_DOMAIN>). Writes are rate-limited per client and route.',
};

export const COMPONENTS = {
  securitySchemes: {
    session: { type: 'apiKey', in: 'cookie', name: 'assay_session' },
    personalToken: {
      type: 'http',
      scheme: 'bearer',
      description: 'A personal asy_… token (browser extension routes only).',
    },
    accessToken: {
      type: 'http',
      scheme: 'bearer',
      description:
        'A personal access token (assay_pat_…), made in Settings → Your profile → Access tokens (the MCP server only).',
    },
    projectKey: {
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
      description: 'A project’s API key (Zapier).',
    },
    inboundSecret: { type: 'apiKey', in: 'header', name: 'x-inbound-secret' },
    metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN.' },
  },
  schemas: {
    Error: {
      type: 'object',
      required: ['statusCode', 'message'],
      properties: {
        statusCode: { type: 'integer', description: 'The HTTP status.' },
        message: { type: 'string', description: 'The catalogue’s message, shown to people as is.' },
        ref: { type: 'integer', description: 'The catalogue reference of the error.' },
        context: {
          type: 'string',
          description: 'More about what went wrong, when it is safe to say.',
        },
      },
    },
  },
  responses: {
    Error: {
      description: 'Refused or failed, with the catalogue’s message.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    },
    RateLimited: {
      description: 'Too many requests (ref 2006); Retry-After says when to try again.',
      headers: { 'retry-after': { schema: { type: 'integer' } } },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    },
  },
} as const;

/** The error answers every operation may give, beside its own. */
export const ERROR_RESPONSES = {
  '4XX': { $ref: '#/components/responses/Error' },
  '429': { $ref: '#/components/responses/RateLimited' },
  '5XX': { $ref: '#/components/responses/Error' },
} as const;
