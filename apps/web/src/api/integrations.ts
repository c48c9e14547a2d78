/** A project's integrations: their state, and connecting, testing and disconnecting them. */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { IntegrationEvent, IntegrationName } from '@assay/domain';
import { gatewayRequest } from './gateway.ts';
import { restRequest } from './rest.ts';

export interface Integration {
  name: IntegrationName;
  connected: boolean;
  enabled: boolean;
  authorized: boolean;
  invalid: boolean;
  lastError: string | null;
  available: boolean;
  settings: Record<string, unknown> & {
    channel?: string;
    events?: IntegrationEvent[];
    webhook?: string | null;
  };
  updatedAt: string | null;
}

const key = (projectId: string) => ['projects', projectId, 'integrations'] as const;

export const useIntegrations = (projectId: string) =>
  useQuery({
    queryKey: key(projectId),
    queryFn: () =>
      restRequest<{ integrations: Integration[]; inbox: { email: string | null } }>(
        `/api/proj/projects/${projectId}/integrations`,
      ),
  });

/** Reads the integrations again after a change (AppQueryClient sees to a first read in flight). */
async function refresh(client: QueryClient, projectId: string) {
  await client.invalidateQueries({ queryKey: key(projectId) });
}

export const integrationsApi = {
  async configureSlack(
    client: QueryClient,
    projectId: string,
    body: { webhookUrl: string; channel: string; events: IntegrationEvent[] },
  ) {
    await restRequest(`/api/proj/projects/${projectId}/slack`, { method: 'PUT', body });
    await refresh(client, projectId);
  },
  async testSlack(client: QueryClient, projectId: string) {
    try {
      await restRequest(`/api/proj/projects/${projectId}/integrations/slack/test`, {
        method: 'POST',
        body: {},
      });
    } finally {
      await refresh(client, projectId);
    }
  },
  async enable(
    client: QueryClient,
    projectId: string,
    name: 'zapier' | 'zoom' | 'figma',
    body: { accessToken?: string } = {},
  ) {
    await restRequest(`/api/proj/projects/${projectId}/${name}`, { method: 'PUT', body });
    await refresh(client, projectId);
  },
  async setZapier(client: QueryClient, projectId: string, enabled: boolean) {
    await restRequest(`/api/proj/projects/${projectId}/zapier`, {
      method: 'PATCH',
      body: { enabled },
    });
    await refresh(client, projectId);
  },
  async disconnect(client: QueryClient, projectId: string, name: IntegrationName) {
    await restRequest(`/api/proj/projects/${projectId}/integrations/${name}`, {
      method: 'DELETE',
    });
    await refresh(client, projectId);
  },
  async configureJira(
    client: QueryClient,
    projectId: string,
    body: { baseUrl: string; email: string; apiToken: string },
  ) {
    await restRequest(`/api/proj/projects/${projectId}/jira?configure=true`, {
      method: 'PUT',
      body,
    });
    await refresh(client, projectId);
  },
  async connectWithToken(
    client: QueryClient,
    projectId: string,
    name: 'trello' | 'intercom',
    accessToken: string,
  ) {
    await restRequest(`/api/proj/projects/${projectId}/${name}`, {
      method: name === 'trello' ? 'POST' : 'PUT',
      body: { accessToken },
    });
    await refresh(client, projectId);
  },
  async importIntercom(client: QueryClient, projectId: string) {
    const result = await restRequest<{ imported: number; skipped: number }>(
      `/api/proj/projects/${projectId}/integrations/intercom/import`,
      { method: 'POST', body: {} },
    );
    await client.invalidateQueries({ queryKey: ['cards'] });
    return result;
  },
  async connectZoom(
    client: QueryClient,
    projectId: string,
    body: { accountId: string; clientId: string; clientSecret: string },
  ) {
    await restRequest(`/api/proj/projects/${projectId}/zoom`, { method: 'PUT', body });
    await refresh(client, projectId);
  },
  /** A new inbox address for the project (a random one when none is asked for). */
  async newInboxAddress(client: QueryClient, projectId: string, localPart?: string) {
    await gatewayRequest(
      'mutation UpdateProjectEmail($i: JSON!) { updateProjectEmail(input: $i) { email } }',
      { i: { projectId, ...(localPart ? { localPart } : {}) } },
    );
    await refresh(client, projectId);
  },
  projectToken: (projectId: string) =>
    restRequest<{ token: string }>(`/api/proj/projects/${projectId}/token`),
};
