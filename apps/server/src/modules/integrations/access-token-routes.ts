/** Personal access tokens (issue #52): a person's own, and an organisation's for its owners and admins. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  personalAccessTokenBody,
  accessTokensAnswer,
  createdAccessTokenAnswer,
  okAnswer,
} from '@assay/domain';
import { requireAuth } from '../../http/auth-context.ts';
import { requestContext, requireMember } from '../../http/member-context.ts';
import { route } from '../../http/route.ts';
import type { AppServices } from '../../services.ts';
import {
  createAccessToken,
  myAccessTokens,
  organizationAccessTokens,
  revokeMyAccessToken,
  revokeOrganizationAccessToken,
} from './access-tokens.ts';

const tokenParams = z.object({ tokenId: z.string() });

export function registerAccessTokenRoutes(app: FastifyInstance, services: AppServices) {
  route(app, {
    method: 'POST',
    url: '/api/auth/tokens',
    summary: 'Makes a personal access token for your AI assistant (its value is shown this once).',
    auth: 'session',
    body: personalAccessTokenBody,
    answer: createdAccessTokenAnswer,
    status: 201,
    handler: async ({ request, input }) =>
      createAccessToken(services, requireAuth(request), input().body, requestContext(request)),
  });
  route(app, {
    method: 'GET',
    url: '/api/auth/tokens',
    summary: 'Your live personal access tokens, in every organisation.',
    auth: 'session',
    answer: accessTokensAnswer,
    handler: async ({ request }) => myAccessTokens(services, requireAuth(request)),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/auth/tokens/:tokenId',
    summary: 'Revokes one of your personal access tokens: it stops working at once.',
    auth: 'session',
    params: tokenParams,
    answer: okAnswer,
    handler: async ({ request, input }) =>
      revokeMyAccessToken(
        services,
        requireAuth(request),
        input().params.tokenId,
        requestContext(request),
      ),
  });
  route(app, {
    method: 'GET',
    url: '/api/org/access-tokens',
    summary: 'Every live personal access token of the organisation (owners and admins).',
    auth: 'session',
    answer: accessTokensAnswer,
    handler: async ({ request }) =>
      organizationAccessTokens(services, await requireMember(services, request)),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/org/access-tokens/:tokenId',
    summary: 'Revokes a member’s personal access token (owners and admins).',
    auth: 'session',
    params: tokenParams,
    answer: okAnswer,
    handler: async ({ request, input }) =>
      revokeOrganizationAccessToken(
        services,
        await requireMember(services, request, { whileReadOnly: true }),
        input().params.tokenId,
        requestContext(request),
      ),
  });
}
