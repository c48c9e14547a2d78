/**
 * POST /mcp: the Model Context Protocol over streamable HTTP (issue #52), stateless — each request
 * carries its personal access token as a Bearer credential and gets a server of its own, bound to
 * the token's person in the token's organisation, whose role and membership are read afresh. Answers
 * are plain JSON (no event stream); GET and DELETE, which only a stateful session would use, are
 * refused with 405 as the transport's specification allows.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ACCESS_TOKENS,
  AppError,
  MCP_PATH,
  mcpMessageBody,
  organizationBillingStatus,
} from '@assay/domain';
import { requestContext, requireMember } from '../../http/member-context.ts';
import { route } from '../../http/route.ts';
import type { AppServices } from '../../services.ts';
import { findAccessToken, recordAccessTokenUse } from '../integrations/ports.ts';

/**
 * The MCP SDK and the tools (85 modules of the SDK) load with the first MCP request, not with the
 * server: most instances never answer one.
 */
let mcpModules: ReturnType<typeof importMcp> | undefined;
const importMcp = () =>
  Promise.all([
    import('./server.ts'),
    import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
  ]);
const loadMcp = () => (mcpModules ??= importMcp());

const jsonRpcAnswer = z
  .looseObject({ jsonrpc: z.literal('2.0') })
  .describe('A JSON-RPC 2.0 answer (MCP streamable HTTP, JSON responses).');

/** Who may call: a live access token whose person is still a member. Else 401, as a Bearer realm. */
async function caller(services: AppServices, request: FastifyRequest, reply: FastifyReply) {
  const refuse = () => {
    reply.header('www-authenticate', 'Bearer realm="assay-mcp"');
    return new AppError('unauthenticated');
  };
  const raw = request.headers.authorization?.slice('Bearer '.length);
  if (!request.auth || !raw?.startsWith(ACCESS_TOKENS.prefix)) throw refuse();
  const token = await findAccessToken(services, raw);
  if (!token) throw refuse();
  // A member who left or was removed: the token opens nothing any more.
  const member = await requireMember(services, request, {
    organizationId: token.organizationId,
    whileReadOnly: true,
  }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'notFound') throw refuse();
    throw error;
  });
  if (member.profileId !== token.profileId) throw refuse();
  return { token, member };
}

/** Refusals a request to the MCP server meets before its tool runs (limits, a malformed call). */
const REFUSALS_AS_ANSWERS = new Set([400, 402, 403, 404, 409, 413, 429]);

/**
 * A limit's refusal (the gateway's rate, a body too large) reaches the assistant as MCP speaks:
 * a tool call gets a tool error carrying the catalogue's message, any other request a JSON-RPC
 * error. A missing or dead token stays an HTTP 401, which MCP clients know.
 */
function asMcpAnswer(request: FastifyRequest, statusCode: number, payload: unknown) {
  const call = request.body as { jsonrpc?: unknown; id?: unknown; method?: unknown } | undefined;
  if (!REFUSALS_AS_ANSWERS.has(statusCode) || call?.jsonrpc !== '2.0' || call.id === undefined)
    return null;
  let refusal: { message?: string; ref?: number } = {};
  try {
    refusal = JSON.parse(String(payload)) as typeof refusal;
  } catch {
    return null;
  }
  const text = `${refusal.message ?? 'The request was refused.'}${refusal.ref ? ` (ref ${refusal.ref})` : ''}`;
  return JSON.stringify(
    call.method === 'tools/call'
      ? {
          jsonrpc: '2.0',
          id: call.id,
          result: { isError: true, content: [{ type: 'text', text }] },
        }
      : {
          jsonrpc: '2.0',
          id: call.id,
          error: { code: -32000, message: text, data: { statusCode, ref: refusal.ref } },
        },
  );
}

export function registerMcpRoutes(app: FastifyInstance, services: AppServices) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url !== MCP_PATH || reply.statusCode < 400) return payload;
    const answer = asMcpAnswer(request, reply.statusCode, payload);
    if (!answer) return payload;
    reply.code(200).type('application/json');
    return answer;
  });

  route(app, {
    method: 'POST',
    url: MCP_PATH,
    summary:
      'The Model Context Protocol server for your AI assistant (streamable HTTP, JSON answers; tools, the canvas resource, prompts).',
    auth: 'accessToken',
    body: mcpMessageBody,
    answer: jsonRpcAnswer,
    async handler({ request, reply, input }) {
      const { token, member } = await caller(services, request, reply);
      const body = input().body;
      const [{ mcpServer }, { WebStandardStreamableHTTPServerTransport }] = await loadMcp();
      const context = requestContext(request);
      const server = mcpServer({
        services,
        member,
        access: token.access,
        context,
        used: (what) => recordAccessTokenUse(services, token, what, context),
        mayWrite() {
          if (organizationBillingStatus(member.organization.billing).isExpired)
            throw new AppError('organizationReadOnly');
        },
      });
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      await server.connect(transport);
      try {
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers)) {
          if (typeof value === 'string') headers.set(name, value);
        }
        const answer = await transport.handleRequest(
          new Request(`http://${request.hostname}${MCP_PATH}`, { method: 'POST', headers }),
          { parsedBody: body },
        );
        reply.code(answer.status);
        answer.headers.forEach((value, name) => {
          if (name !== 'content-length') reply.header(name, value);
        });
        return reply.send(await answer.text());
      } finally {
        await server.close();
      }
    },
  });
  for (const method of ['GET', 'DELETE'] as const) {
    route(app, {
      method,
      url: MCP_PATH,
      summary: 'Not offered: the MCP server is stateless (no event stream, no session to end).',
      auth: 'accessToken',
      answer: jsonRpcAnswer,
      async handler({ request, reply }) {
        await caller(services, request, reply);
        reply.code(405).header('allow', 'POST');
        return reply.send(
          JSON.stringify({
            jsonrpc: '2.0',
            error: { code: -32000, message: 'Method not allowed: send requests with POST.' },
            id: null,
          }),
        );
      },
    });
  }
}
