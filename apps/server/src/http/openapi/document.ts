/**
 * The OpenAPI 3.1 document of the REST routes, built from the routes the app registered and
 * their lines in routes.ts; every error answers the catalogue's `{ statusCode, message, ref }`.
 */
import { REST_ROUTES, type RouteAuth } from './routes.ts';

const SECURITY: Record<RouteAuth, Record<string, string[]>[]> = {
  session: [{ session: [] }],
  public: [],
  token: [{ personalToken: [] }],
  projectKey: [{ projectKey: [] }],
  secret: [{ inboundSecret: [] }],
  metrics: [{ metricsToken: [] }],
};

const TAGS: [RegExp, string][] = [
  [/^\/api\/(health|bootstrap|demo|dev|docs)|^\/metrics|^\/sub\//, 'System'],
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

function tagOf(url: string): string {
  return TAGS.find(([pattern]) => pattern.test(url))?.[1] ?? 'Other';
}

/** `/api/proj/projects/:id` → `/api/proj/projects/{id}`, with its path parameters. */
function openApiPath(url: string) {
  const names: string[] = [];
  const path = url.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    names.push(name);
    return `{${name}}`;
  });
  return { path, names };
}

export function buildOpenApiDocument(
  routes: { method: string; url: string }[],
  info: { version: string },
) {
  const paths: Record<string, Record<string, unknown>> = {};
  const seen = new Set<string>();
  for (const route of routes) {
    if (route.method === 'HEAD' || route.method === 'OPTIONS') continue;
    const key = `${route.method} ${route.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const doc = REST_ROUTES[key];
    if (!doc) continue;
    const { path, names } = openApiPath(route.url);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId: `${route.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c?: string) => (c ?? '').toUpperCase())}`,
      summary: doc.summary,
      tags: [tagOf(route.url)],
      security: SECURITY[doc.auth],
      parameters: names.map((name) => ({
        name,
        in: 'path',
        required: true,
        schema: { type: 'string' },
      })),
      ...(['POST', 'PUT', 'PATCH'].includes(route.method)
        ? {
            requestBody: {
              required: false,
              content: { 'application/json': { schema: { type: 'object' } } },
            },
          }
        : {}),
      responses: {
        '200': { description: 'Done; the body depends on the route (JSON unless a file).' },
        '4XX': { $ref: '#/components/responses/Error' },
        '429': { $ref: '#/components/responses/RateLimited' },
        '5XX': { $ref: '#/components/responses/Error' },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Assay REST API',
      version: info.version,
      description:
        'The REST routes of Assay. Most reads and writes of the app go through the GraphQL gateway (POST /api/gateway/query, schema at /api/docs/gateway.graphql). Organisation routes are called on the organisation’s host (<slug>.<APP_DOMAIN>). Writes are rate-limited per client and route.',
    },
    servers: [{ url: '/' }],
    tags: [
      ...new Set(
        Object.values(paths).flatMap((ops) =>
          Object.values(ops).map((o) => (o as { tags: string[] }).tags[0] ?? 'Other'),
        ),
      ),
    ]
      .sort()
      .map((name) => ({ name })),
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'assay_session' },
        personalToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'A personal asy_… token (browser extension routes only).',
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
            message: {
              type: 'string',
              description: 'The catalogue’s message, shown to people as is.',
            },
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
    },
  };
}
