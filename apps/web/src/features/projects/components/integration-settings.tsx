/**
 * The settings of the integrations that take them (part 2 §3 Project integrations): Slack (a
 * webhook, a channel, the events to post, a test message), Zapier (the project's API key, on and
 * off), Figma (an access token) and Jira (the site and the project to send cards to).
 */
import {
  Button,
  Checkbox,
  Code,
  Group,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { INTEGRATION_EVENTS, type IntegrationEvent } from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { integrationsApi, type Integration } from '../../../api/integrations.ts';

const report = (error: unknown) =>
  showAlert({ type: 'warning', message: toApiError(error).message });
const EVENTS = Object.entries(INTEGRATION_EVENTS) as [IntegrationEvent, string][];

/** Runs a call, busy while it is under way; a refusal is shown as a warning. */
function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = (call: () => Promise<unknown>) => {
    setBusy(true);
    void call()
      .catch(report)
      .finally(() => setBusy(false));
  };
  return [busy, run] as const;
}

export function SlackSettings(props: { projectId: string; integration: Integration }) {
  const client = useQueryClient();
  const { integration } = props;
  const [webhookUrl, setWebhookUrl] = useState('');
  const [channel, setChannel] = useState(integration.settings.channel ?? '');
  const [events, setEvents] = useState<IntegrationEvent[]>(
    integration.settings.events ?? ['cards.publish'],
  );
  const [busy, run] = useBusy();
  const save = () =>
    run(() =>
      integrationsApi
        .configureSlack(client, props.projectId, { webhookUrl, channel, events })
        .then(() => setWebhookUrl('')),
    );
  const test = () =>
    run(() =>
      integrationsApi
        .testSlack(client, props.projectId)
        .then(() => showAlert({ message: 'Test message sent to Slack.', type: 'success' })),
    );
  return (
    <Stack gap="xs">
      <TextInput
        label="Incoming webhook URL"
        description={
          integration.settings.webhook
            ? `Set (${integration.settings.webhook}); leave empty to keep it.`
            : 'From your Slack app’s Incoming Webhooks page.'
        }
        placeholder="https://hooks.slack.com/services/…"
        value={webhookUrl}
        onChange={(e) => setWebhookUrl(e.currentTarget.value)}
      />
      <TextInput
        label="Channel"
        placeholder="#discovery"
        value={channel}
        onChange={(e) => setChannel(e.currentTarget.value)}
      />
      <Checkbox.Group
        label="Post when"
        value={events}
        onChange={(value) => setEvents(value as IntegrationEvent[])}
      >
        <Stack gap={4} mt={4}>
          {EVENTS.map(([value, label]) => (
            <Checkbox key={value} value={value} label={label} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Group gap="xs">
        <Button size="xs" onClick={save} loading={busy}>
          Save Slack settings
        </Button>
        {integration.connected ? (
          <Button size="xs" variant="default" onClick={test} disabled={busy}>
            Send a test message
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

export function ZapierSettings(props: { projectId: string; integration: Integration }) {
  const client = useQueryClient();
  const { integration } = props;
  const [token, setToken] = useState<string | null>(null);
  if (!integration.connected)
    return (
      <Button
        size="xs"
        w="fit-content"
        onClick={() => void integrationsApi.enable(client, props.projectId, 'zapier').catch(report)}
      >
        Connect Zapier
      </Button>
    );
  return (
    <Stack gap="xs">
      <Switch
        label="Send new and updated cards to Zapier"
        checked={integration.enabled}
        onChange={(e) =>
          void integrationsApi
            .setZapier(client, props.projectId, e.currentTarget.checked)
            .catch(report)
        }
      />
      {token ? (
        <Text size="sm">
          API key for Zapier: <Code data-testid="project-token">{token}</Code>
        </Text>
      ) : (
        <Button
          size="xs"
          variant="default"
          w="fit-content"
          onClick={() =>
            void integrationsApi
              .projectToken(props.projectId)
              .then((r) => setToken(r.token))
              .catch(report)
          }
        >
          Show the API key
        </Button>
      )}
    </Stack>
  );
}

export function FigmaSettings(props: { projectId: string; integration: Integration }) {
  const client = useQueryClient();
  const [accessToken, setAccessToken] = useState('');
  return (
    <Group align="flex-end" gap="xs">
      <PasswordInput
        label="Figma personal access token"
        description={
          props.integration.authorized
            ? 'Set; enter a new one to replace it.'
            : 'Optional: lets cards show the file’s name and thumbnail.'
        }
        value={accessToken}
        onChange={(e) => setAccessToken(e.currentTarget.value)}
        style={{ flex: 1 }}
      />
      <Button
        size="xs"
        onClick={() =>
          void integrationsApi
            .enable(client, props.projectId, 'figma', accessToken ? { accessToken } : {})
            .then(() => setAccessToken(''))
            .catch(report)
        }
      >
        {props.integration.connected ? 'Save' : 'Connect Figma'}
      </Button>
    </Group>
  );
}

export function JiraSettings(props: { projectId: string; integration: Integration }) {
  const client = useQueryClient();
  const settings = props.integration.settings as {
    baseUrl?: string;
    email?: string;
    account?: string;
  };
  const [baseUrl, setBaseUrl] = useState(settings.baseUrl ?? '');
  const [email, setEmail] = useState(settings.email ?? '');
  const [apiToken, setApiToken] = useState('');
  const [busy, run] = useBusy();
  const save = () =>
    run(() =>
      integrationsApi
        .configureJira(client, props.projectId, { baseUrl, email, apiToken })
        .then(() => setApiToken('')),
    );
  return (
    <Stack gap="xs">
      {settings.account ? <Text size="sm">Connected as {settings.account}.</Text> : null}
      <Group grow>
        <TextInput
          label="Jira site"
          placeholder="https://team.atlassian.net"
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.currentTarget.value)}
        />
        <TextInput
          label="Account email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
      </Group>
      <PasswordInput
        label="API token"
        description="From id.atlassian.com › Security › API tokens."
        value={apiToken}
        onChange={(e) => setApiToken(e.currentTarget.value)}
      />
      <Button
        size="xs"
        w="fit-content"
        onClick={save}
        loading={busy}
        disabled={!baseUrl || !email || !apiToken}
      >
        {props.integration.connected ? 'Save Jira settings' : 'Connect Jira'}
      </Button>
    </Stack>
  );
}
