/**
 * REST routes of integrations (part 2 §7): per project read, configure, test and disconnect;
 * Zapier's REST hook calls (authenticated by the project's token); API tokens; and the browser
 * extension's clipper (authenticated by a personal token in the Authorization header).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  apiTokenAnswer,
  AppError,
  clippedAnswer,
  extensionProjectsAnswer,
  figmaAnswer,
  integrationAnswer,
  accessTokenBody,
  cardLinkBody,
  clipSchema,
  intercomImportBody,
  jiraConfigureSchema,
  jiraSendSchema,
  meetingInfoSchema,
  optionalTokenBody,
  slackSettingsSchema,
  zapierSubscribeSchema,
  zoomCredentialsSchema,
  integrationsAnswer,
  intercomImportAnswer,
  jiraCreateMetaAnswer,
  jiraLinkAnswer,
  meetingAnswer,
  okAnswer,
  recordingAnswer,
  trelloConnectionAnswer,
  trelloConnectionsAnswer,
  zapierHookAnswer,
  zapierMeAnswer,
  zapierSampleAnswer,
} from '@assay/domain';
import { route } from '../../http/route.ts';
import { requestContext, requireMember } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { findVisibleProject, listProjects } from '../projects/ports.ts';
import { inboxAddress } from './inbox.ts';
import { figmaFile, setCardFigma } from './figma.ts';
import { connectIntercom, importIntercomConversations } from './intercom.ts';
import {
  configureJira,
  disconnectJiraIssue,
  jiraCreateMeta,
  refreshJiraIssue,
  sendCardToJira,
} from './jira.ts';
import {
  connectTrello,
  linkTrelloCard,
  listTrelloConnections,
  unlinkTrelloCard,
} from './trello.ts';
import {
  configureSlack,
  disconnectIntegration,
  getIntegration,
  listIntegrations,
  managedIntegration,
  saveIntegration,
  testSlack,
} from './service.ts';
import { clipEvidence, projectToken, revokeUserToken, userTokens } from './tokens.ts';
import { registerAccessTokenRoutes } from './access-token-routes.ts';
import { connectZoom, importMeetingRecording, setInterviewMeeting } from './zoom.ts';
import { subscribeZapier, unsubscribeZapier, zapierMe, zapierSamples } from './zapier.ts';

const projectParams = z.object({ id: z.string() });
const cardParams = z.object({ cardId: z.string() });

export function registerIntegrationRoutes(app: FastifyInstance, services: AppServices) {
  const member = (request: Parameters<typeof requireMember>[1]) => requireMember(services, request);
  registerAccessTokenRoutes(app, services);

  route(app, {
    method: 'GET',
    url: '/api/proj/projects/:id/integrations',
    summary: 'Every integration of a project with its state, and the project’s inbox.',
    auth: 'session',
    params: projectParams,
    answer: integrationsAnswer,
    async handler({ request, input }) {
      const { id } = input().params;
      const m = await member(request);
      const integrations = await listIntegrations(services, m, id);
      const { project } = await findVisibleProject(services, m, id);
      return {
        integrations,
        inbox: { email: project.email ? inboxAddress(services, project.email) : null },
      };
    },
  });
  route(app, {
    method: 'GET',
    url: '/api/proj/projects/:id/integrations/:name',
    summary: 'One integration’s state.',
    auth: 'session',
    params: projectParams.extend({ name: z.string() }),
    answer: integrationAnswer.extend({ available: z.boolean() }),
    async handler({ request, input }) {
      const { id, name } = input().params;
      return getIntegration(services, await member(request), id, name);
    },
  });
  route(app, {
    method: 'DELETE',
    url: '/api/proj/projects/:id/integrations/:name',
    summary: 'Disconnects an integration.',
    auth: 'session',
    params: projectParams.extend({ name: z.string() }),
    answer: integrationAnswer,
    async handler({ request, input }) {
      const { id, name } = input().params;
      const m = await member(request);
      return disconnectIntegration(services, m, id, name, requestContext(request));
    },
  });
  route(app, {
    method: 'POST',
    url: '/api/proj/projects/:id/integrations/slack/test',
    summary: 'Sends a test message to the project’s Slack channel.',
    auth: 'session',
    params: projectParams,
    answer: okAnswer,
    async handler({ request, input }) {
      return testSlack(services, await member(request), input().params.id);
    },
  });
  // Writes that hand a body to their use case, on a project or on a card: connecting an
  // integration, or what one does for a card.
  type Write = (
    services: AppServices,
    member: Awaited<ReturnType<typeof requireMember>>,
    id: string,
    body: unknown,
    context: ReturnType<typeof requestContext>,
  ) => Promise<unknown>;
  const writes: [
    method: 'PUT' | 'POST',
    url: string,
    summary: string,
    answer: z.ZodType,
    useCase: Write,
    body: z.ZodType,
  ][] = [
    [
      'PUT',
      '/api/proj/projects/:id/slack',
      'Connects Slack (the incoming webhook and what to post).',
      integrationAnswer,
      configureSlack,
      slackSettingsSchema,
    ],
    [
      'POST',
      '/api/proj/projects/:id/trello',
      'Connects Trello with a member’s token.',
      integrationAnswer,
      connectTrello,
      accessTokenBody,
    ],
    [
      'PUT',
      '/api/proj/projects/:id/intercom',
      'Connects Intercom with an access token.',
      integrationAnswer,
      connectIntercom,
      accessTokenBody,
    ],
    [
      'POST',
      '/api/proj/projects/:id/integrations/intercom/import',
      'Imports Intercom conversations as evidence.',
      intercomImportAnswer,
      importIntercomConversations,
      intercomImportBody,
    ],
    [
      'PUT',
      '/api/proj/projects/:id/zoom',
      'Connects Zoom with the app’s credentials.',
      integrationAnswer,
      connectZoom,
      zoomCredentialsSchema,
    ],
    [
      'PUT',
      '/api/canvas/cards/:cardId/figma',
      'Links a Figma file to an idea (or unlinks it).',
      figmaAnswer,
      setCardFigma,
      cardLinkBody,
    ],
    [
      'POST',
      '/api/canvas/cards/:cardId/jira',
      'Sends a card to Jira as an issue.',
      jiraLinkAnswer,
      sendCardToJira,
      jiraSendSchema,
    ],
    [
      'POST',
      '/api/canvas/cards/:cardId/trello',
      'Links a Trello card to an idea.',
      trelloConnectionAnswer,
      linkTrelloCard,
      cardLinkBody,
    ],
    [
      'PUT',
      '/api/canvas/cards/:cardId/meeting',
      'Sets (or clears) an interview’s Zoom meeting.',
      meetingAnswer,
      setInterviewMeeting,
      meetingInfoSchema,
    ],
  ];
  for (const [method, url, summary, answer, useCase, body] of writes) {
    const onCard = url.includes(':cardId');
    route(app, {
      method,
      url,
      summary,
      auth: 'session',
      params: onCard ? cardParams : projectParams,
      body,
      // Who may change the project or card is settled first, then the body (decision 010).
      bodyCheckedBy: 'useCase',
      answer,
      async handler({ request, input }) {
        const { params, body } = input();
        const id = 'cardId' in params ? params.cardId : params.id;
        return useCase(services, await member(request), id, body, requestContext(request));
      },
    });
  }

  // Zapier is switched on; Figma may carry a personal access token for names and
  // thumbnails of linked files.
  for (const name of ['zapier', 'figma'] as const) {
    route(app, {
      method: 'PUT',
      url: `/api/proj/projects/:id/${name}`,
      summary:
        name === 'zapier'
          ? 'Switches Zapier on for the project.'
          : 'Connects Figma (optionally a personal access token for file names and thumbnails).',
      auth: 'session',
      params: projectParams,
      body: optionalTokenBody.optional(),
      bodyCheckedBy: 'useCase',
      answer: integrationAnswer,
      async handler({ request, input }) {
        const { params, body } = input();
        const m = await member(request);
        const { project, row } = await managedIntegration(services, m, params.id, name);
        const token = typeof body?.accessToken === 'string' ? body.accessToken.trim() : '';
        if (name === 'figma' && token) await figmaFile(services, token, null);
        return saveIntegration(
          services,
          m,
          project,
          name,
          {
            settings: row?.settings ?? {},
            secret: name === 'figma' && token ? { accessToken: token } : undefined,
            enabled: true,
          },
          requestContext(request),
        );
      },
    });
  }
  route(app, {
    method: 'PATCH',
    url: '/api/proj/projects/:id/zapier',
    summary: 'Turns Zapier on or off.',
    auth: 'session',
    params: projectParams,
    body: z.looseObject({ enabled: z.unknown().optional() }).optional(),
    answer: integrationAnswer,
    async handler({ request, input }) {
      const { params, body } = input();
      const m = await member(request);
      const { project, row } = await managedIntegration(services, m, params.id, 'zapier');
      const enabled = body?.enabled;
      if (typeof enabled !== 'boolean')
        throw new AppError('validation', {
          message: 'Say whether Zapier is enabled (true or false).',
        });
      return saveIntegration(
        services,
        m,
        project,
        'zapier',
        { settings: row?.settings ?? {}, enabled },
        requestContext(request),
      );
    },
  });

  // Zapier's REST hooks, with the project's token in X-API-Key.
  route(app, {
    method: 'GET',
    url: '/api/zapier/me',
    summary: 'The project a Zapier key belongs to (Zapier’s connection test).',
    auth: 'projectKey',
    answer: zapierMeAnswer,
    handler: async ({ request }) => zapierMe(services, request),
  });
  route(app, {
    method: 'POST',
    url: '/api/zapier/hooks',
    summary: 'Subscribes a Zapier REST hook.',
    auth: 'projectKey',
    body: zapierSubscribeSchema,
    bodyCheckedBy: 'useCase',
    answer: zapierHookAnswer,
    status: 201,
    handler: async ({ request }) => subscribeZapier(services, request),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/zapier/hooks/:hookId',
    summary: 'Unsubscribes a Zapier REST hook.',
    auth: 'projectKey',
    params: z.object({ hookId: z.string() }),
    answer: okAnswer,
    handler: async ({ request, input }) =>
      unsubscribeZapier(services, request, input().params.hookId),
  });
  route(app, {
    method: 'GET',
    url: '/api/zapier/samples/:event',
    summary: 'Sample cards for a Zapier trigger.',
    auth: 'projectKey',
    params: z.object({ event: z.string() }),
    answer: z.array(zapierSampleAnswer),
    handler: async ({ request, input }) => zapierSamples(services, request, input().params.event),
  });

  // Jira: the site and credentials (?configure=true), then a card's issue.
  route(app, {
    method: 'PUT',
    url: '/api/proj/projects/:id/jira',
    summary: 'Connects Jira (?configure=true: the site and credentials).',
    auth: 'session',
    params: projectParams,
    query: z.object({ configure: z.string().optional() }),
    body: jiraConfigureSchema.partial(),
    bodyCheckedBy: 'useCase',
    answer: integrationAnswer,
    async handler({ request, input }) {
      const { params, query, body } = input();
      if (query.configure !== 'true')
        throw new AppError('validation', { message: 'Configure Jira with ?configure=true.' });
      const m = await member(request);
      return configureJira(services, m, params.id, body, requestContext(request));
    },
  });
  route(app, {
    method: 'GET',
    url: '/api/canvas/cards/:cardId/jira/:kind',
    summary: 'Jira for a card: createMeta (what an issue may be), getIssue, deleteConnection.',
    auth: 'session',
    params: cardParams.extend({ kind: z.string() }),
    answer: z.union([jiraCreateMetaAnswer, jiraLinkAnswer]),
    async handler({ request, input }) {
      const { cardId, kind } = input().params;
      const m = await member(request);
      if (kind === 'createMeta') return jiraCreateMeta(services, m, cardId);
      if (kind === 'getIssue') return refreshJiraIssue(services, m, cardId);
      if (kind === 'deleteConnection')
        return disconnectJiraIssue(services, m, cardId, requestContext(request));
      throw new AppError('notFound');
    },
  });

  // Trello cards linked to ideas.
  route(app, {
    method: 'GET',
    url: '/api/canvas/cards/:cardId/trello',
    summary: 'The Trello cards linked to an idea.',
    auth: 'session',
    params: cardParams,
    answer: trelloConnectionsAnswer,
    handler: async ({ request, input }) =>
      listTrelloConnections(services, await member(request), input().params.cardId),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/canvas/cards/:cardId/trello/:trelloId',
    summary: 'Unlinks a Trello card from an idea.',
    auth: 'session',
    params: cardParams.extend({ trelloId: z.string() }),
    answer: okAnswer,
    async handler({ request, input }) {
      const { cardId, trelloId } = input().params;
      const m = await member(request);
      return unlinkTrelloCard(services, m, cardId, trelloId, requestContext(request));
    },
  });

  // Zoom: the interview's meeting recording.
  route(app, {
    method: 'POST',
    url: '/api/canvas/cards/:cardId/meeting/recording',
    summary: 'Attaches the meeting’s recording to the interview.',
    auth: 'session',
    params: cardParams,
    answer: recordingAnswer,
    async handler({ request, input }) {
      const m = await member(request);
      return importMeetingRecording(services, m, input().params.cardId, requestContext(request));
    },
  });

  // Tokens.
  route(app, {
    method: 'GET',
    url: '/api/users/tokens',
    summary: 'Your personal token for the browser extension (made once).',
    auth: 'session',
    answer: z.object({ tokens: z.array(apiTokenAnswer) }),
    handler: async ({ request }) => userTokens(services, await member(request)),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/users/tokens/:tokenId',
    summary: 'Revokes your personal token.',
    auth: 'session',
    params: z.object({ tokenId: z.string() }),
    answer: okAnswer,
    handler: async ({ request, input }) =>
      revokeUserToken(services, await member(request), input().params.tokenId),
  });
  route(app, {
    method: 'GET',
    url: '/api/proj/projects/:id/token',
    summary: 'The project’s API key (for Zapier).',
    auth: 'session',
    params: projectParams,
    answer: apiTokenAnswer,
    handler: async ({ request, input }) =>
      projectToken(services, await member(request), input().params.id),
  });

  // The browser extension: which projects it may post to, and the clip itself.
  route(app, {
    method: 'GET',
    url: '/api/extension/projects',
    summary: 'The projects the browser extension may post evidence to.',
    auth: 'token',
    answer: extensionProjectsAnswer,
    async handler({ request }) {
      const m = await member(request);
      const { projects } = await listProjects(services, m, 'active');
      return {
        projects: projects
          .filter((p) => p.abilities.createEvidence)
          .map((p) => ({ id: p.id, name: p.name })),
      };
    },
  });
  route(app, {
    method: 'POST',
    url: '/api/extension/evidence',
    summary: 'Clips a page as evidence (the browser extension).',
    auth: 'token',
    body: clipSchema,
    bodyCheckedBy: 'useCase',
    answer: clippedAnswer,
    status: 201,
    async handler({ request, input }) {
      const m = await member(request);
      return clipEvidence(services, m, input().body, requestContext(request));
    },
  });
}
