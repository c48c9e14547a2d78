/**
 * REST routes of integrations (part 2 §7): per project read, configure, test and disconnect;
 * Zapier's REST hook calls (authenticated by the project's token); API tokens; and the browser
 * extension's clipper (authenticated by a personal token in the Authorization header).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '@assay/domain';
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
import { connectZoom, importMeetingRecording, setInterviewMeeting } from './zoom.ts';
import { subscribeZapier, unsubscribeZapier, zapierMe, zapierSamples } from './zapier.ts';

export function registerIntegrationRoutes(app: FastifyInstance, services: AppServices) {
  const member = (request: Parameters<typeof requireMember>[1]) => requireMember(services, request);

  app.get('/api/proj/projects/:id/integrations', async (request) => {
    const { id } = request.params as { id: string };
    const m = await member(request);
    const integrations = await listIntegrations(services, m, id);
    const { project } = await findVisibleProject(services, m, id);
    return {
      integrations,
      inbox: { email: project.email ? inboxAddress(services, project.email) : null },
    };
  });
  app.get('/api/proj/projects/:id/integrations/:name', async (request) => {
    const { id, name } = request.params as { id: string; name: string };
    return getIntegration(services, await member(request), id, name);
  });
  app.delete('/api/proj/projects/:id/integrations/:name', async (request) => {
    const { id, name } = request.params as { id: string; name: string };
    return disconnectIntegration(
      services,
      await member(request),
      id,
      name,
      requestContext(request),
    );
  });
  app.post('/api/proj/projects/:id/integrations/slack/test', async (request) => {
    const { id } = request.params as { id: string };
    return testSlack(services, await member(request), id);
  });

  app.put('/api/proj/projects/:id/slack', async (request) => {
    const { id } = request.params as { id: string };
    return configureSlack(
      services,
      await member(request),
      id,
      request.body,
      requestContext(request),
    );
  });
  // Zapier is switched on; Figma may carry a personal access token for names and
  // thumbnails of linked files.
  for (const name of ['zapier', 'figma'] as const) {
    app.put(`/api/proj/projects/:id/${name}`, async (request) => {
      const { id } = request.params as { id: string };
      const m = await member(request);
      const { project, row } = await managedIntegration(services, m, id, name);
      const body = (request.body ?? {}) as { accessToken?: unknown };
      const token = typeof body.accessToken === 'string' ? body.accessToken.trim() : '';
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
    });
  }
  app.patch('/api/proj/projects/:id/zapier', async (request) => {
    const { id } = request.params as { id: string };
    const m = await member(request);
    const { project, row } = await managedIntegration(services, m, id, 'zapier');
    const enabled = (request.body as { enabled?: unknown } | null)?.enabled;
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
  });

  // Zapier's REST hooks, with the project's token in X-API-Key.
  app.get('/api/zapier/me', async (request) => zapierMe(services, request));
  app.post('/api/zapier/hooks', async (request, reply) =>
    reply.code(201).send(await subscribeZapier(services, request)),
  );
  app.delete('/api/zapier/hooks/:hookId', async (request) => {
    const { hookId } = request.params as { hookId: string };
    return unsubscribeZapier(services, request, hookId);
  });
  app.get('/api/zapier/samples/:event', async (request) => {
    const { event } = request.params as { event: string };
    return zapierSamples(services, request, event);
  });

  app.put('/api/canvas/cards/:cardId/figma', async (request) => {
    const { cardId } = request.params as { cardId: string };
    return setCardFigma(
      services,
      await member(request),
      cardId,
      request.body,
      requestContext(request),
    );
  });

  // Jira: the site and credentials (?configure=true), then cards sent as issues.
  app.put('/api/proj/projects/:id/jira', async (request) => {
    const { id } = request.params as { id: string };
    const { configure } = request.query as { configure?: string };
    if (configure !== 'true')
      throw new AppError('validation', { message: 'Configure Jira with ?configure=true.' });
    return configureJira(
      services,
      await member(request),
      id,
      request.body,
      requestContext(request),
    );
  });
  app.get('/api/canvas/cards/:cardId/jira/:kind', async (request) => {
    const { cardId, kind } = request.params as { cardId: string; kind: string };
    const m = await member(request);
    if (kind === 'createMeta') return jiraCreateMeta(services, m, cardId);
    if (kind === 'getIssue') return refreshJiraIssue(services, m, cardId);
    if (kind === 'deleteConnection')
      return disconnectJiraIssue(services, m, cardId, requestContext(request));
    throw new AppError('notFound');
  });
  app.post('/api/canvas/cards/:cardId/jira', async (request) => {
    const { cardId } = request.params as { cardId: string };
    return sendCardToJira(
      services,
      await member(request),
      cardId,
      request.body,
      requestContext(request),
    );
  });

  // Trello: a member's token, then Trello cards linked to ideas.
  app.post('/api/proj/projects/:id/trello', async (request) => {
    const { id } = request.params as { id: string };
    return connectTrello(
      services,
      await member(request),
      id,
      request.body,
      requestContext(request),
    );
  });
  app.get('/api/canvas/cards/:cardId/trello', async (request) => {
    const { cardId } = request.params as { cardId: string };
    return listTrelloConnections(services, await member(request), cardId);
  });
  app.post('/api/canvas/cards/:cardId/trello', async (request) => {
    const { cardId } = request.params as { cardId: string };
    return linkTrelloCard(
      services,
      await member(request),
      cardId,
      request.body,
      requestContext(request),
    );
  });
  app.delete('/api/canvas/cards/:cardId/trello/:trelloId', async (request) => {
    const { cardId, trelloId } = request.params as { cardId: string; trelloId: string };
    return unlinkTrelloCard(
      services,
      await member(request),
      cardId,
      trelloId,
      requestContext(request),
    );
  });

  // Intercom: an access token, then conversations imported as evidence.
  app.put('/api/proj/projects/:id/intercom', async (request) => {
    const { id } = request.params as { id: string };
    return connectIntercom(
      services,
      await member(request),
      id,
      request.body,
      requestContext(request),
    );
  });
  app.post('/api/proj/projects/:id/integrations/intercom/import', async (request) => {
    const { id } = request.params as { id: string };
    return importIntercomConversations(
      services,
      await member(request),
      id,
      request.body,
      requestContext(request),
    );
  });

  // Zoom: app credentials, the interview's meeting and its recording.
  app.put('/api/proj/projects/:id/zoom', async (request) => {
    const { id } = request.params as { id: string };
    return connectZoom(services, await member(request), id, request.body, requestContext(request));
  });
  app.put('/api/canvas/cards/:cardId/meeting', async (request) => {
    const { cardId } = request.params as { cardId: string };
    return setInterviewMeeting(
      services,
      await member(request),
      cardId,
      request.body,
      requestContext(request),
    );
  });
  app.post('/api/canvas/cards/:cardId/meeting/recording', async (request) => {
    const { cardId } = request.params as { cardId: string };
    return importMeetingRecording(services, await member(request), cardId, requestContext(request));
  });

  // Tokens.
  app.get('/api/users/tokens', async (request) => userTokens(services, await member(request)));
  app.delete('/api/users/tokens/:tokenId', async (request) => {
    const { tokenId } = request.params as { tokenId: string };
    return revokeUserToken(services, await member(request), tokenId);
  });
  app.get('/api/proj/projects/:id/token', async (request) => {
    const { id } = request.params as { id: string };
    return projectToken(services, await member(request), id);
  });

  // The browser extension: which projects it may post to, and the clip itself.
  app.get('/api/extension/projects', async (request) => {
    const m = await member(request);
    const { projects } = await listProjects(services, m, 'active');
    return {
      projects: projects
        .filter((p) => p.abilities.createEvidence)
        .map((p) => ({ id: p.id, name: p.name })),
    };
  });
  app.post('/api/extension/evidence', async (request, reply) =>
    reply
      .code(201)
      .send(
        await clipEvidence(services, await member(request), request.body, requestContext(request)),
      ),
  );
}
