/**
 * POST /mcp: the Model Context Protocol over streamable HTTP (issue #52), stateless — each request
 * carries its personal access token as a Bearer credential and gets a server of its own, bound to
 * the token's person in the token's organisation, whose role and membership are read afresh. Answers
 * are plain JSON (no event stream); GET and DELETE, which only a stateful session would use, are
 * refused with 405 as the transport's specification allows.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
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
import { mcpServer } from './server.ts';

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

export function registerMcpRoutes(app: FastifyInstance, services: AppServices) {
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
