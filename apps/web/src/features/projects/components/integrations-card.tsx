/**
 * The project's integrations in its settings (part 2 §3 Project integrations): each shows whether
 * it is connected, set up or refused, with its settings (integration-settings.tsx for Slack,
 * Zapier, Figma and Jira; tokens and Zoom here); each can be disconnected.
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { INTEGRATION_NAMES, type IntegrationName } from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { openConfirm } from '../../../ui/confirm.tsx';
import { integrationsApi, useIntegrations, type Integration } from '../../../api/integrations.ts';
import {
  FigmaSettings,
  JiraSettings,
  SlackSettings,
  ZapierSettings,
} from './integration-settings.tsx';

const report = (error: unknown) =>
  showAlert({ type: 'warning', message: toApiError(error).message });
/** The integrations set up from this card. */
const SETTLED: IntegrationName[] = [
  'slack',
  'jira',
  'trello',
  'intercom',
  'zapier',
  'figma',
  'zoom',
];

function Status(props: { integration: Integration }) {
  const { integration } = props;
  if (!integration.available) return <Badge color="gray">Not in your plan</Badge>;
  if (!integration.connected) return <Badge color="gray">Not connected</Badge>;
  if (integration.invalid) return <Badge color="red">Needs attention</Badge>;
  if (!integration.enabled) return <Badge color="yellow">Turned off</Badge>;
  return <Badge color="green">Connected</Badge>;
}

function Disconnect(props: { projectId: string; name: IntegrationName }) {
  const client = useQueryClient();
  return (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      onClick={() =>
        openConfirm({
          title: `Disconnect ${INTEGRATION_NAMES[props.name]}?`,
          message: `The project stops sending to ${INTEGRATION_NAMES[props.name]} and forgets its settings.`,
          confirmLabel: 'Disconnect',
          danger: true,
          onConfirm: () =>
            void integrationsApi.disconnect(client, props.projectId, props.name).catch(report),
        })
      }
    >
      Disconnect
    </Button>
  );
}

function TokenSettings(props: {
  projectId: string;
  integration: Integration;
  name: 'trello' | 'intercom';
  label: string;
  description: string;
}) {
  const client = useQueryClient();
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [imported, setImported] = useState<string | null>(null);
  const settings = props.integration.settings as { account?: string; workspace?: string };
  const connect = () => {
    setBusy(true);
    integrationsApi
      .connectWithToken(client, props.projectId, props.name, token)
      .then(() => setToken(''))
      .catch(report)
      .finally(() => setBusy(false));
  };
  const importNow = () => {
    setBusy(true);
    integrationsApi
      .importIntercom(client, props.projectId)
      .then((r) => setImported(`${r.imported} imported, ${r.skipped} already here.`))
      .catch(report)
      .finally(() => setBusy(false));
  };
  return (
    <Stack gap="xs">
      {settings.account || settings.workspace ? (
        <Text size="sm">Connected to {settings.account ?? settings.workspace}.</Text>
      ) : null}
      <Group align="flex-end" gap="xs">
        <PasswordInput
          label={props.label}
          description={props.description}
          value={token}
          onChange={(e) => setToken(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button size="xs" onClick={connect} loading={busy} disabled={!token.trim()}>
          {props.integration.connected ? 'Save' : `Connect ${INTEGRATION_NAMES[props.name]}`}
        </Button>
      </Group>
      {props.name === 'intercom' && props.integration.connected ? (
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={importNow} loading={busy}>
            Import the latest conversations
          </Button>
          {imported ? (
            <Text size="sm" data-testid="intercom-imported">
              {imported}
            </Text>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}

function ZoomSettings(props: { projectId: string; integration: Integration }) {
  const client = useQueryClient();
  const [accountId, setAccountId] = useState('');
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const save = () => {
    setBusy(true);
    integrationsApi
      .connectZoom(client, props.projectId, { accountId, clientId, clientSecret })
      .then(() => setClientSecret(''))
      .catch(report)
      .finally(() => setBusy(false));
  };
  return (
    <Stack gap="xs">
      <Text size="sm">
        {props.integration.settings.recordings
          ? 'Interviews can import their Zoom cloud recordings.'
          : 'Interviews started from Zoom keep their meeting. Add a Server-to-Server OAuth app to import recordings.'}
      </Text>
      <Group grow>
        <TextInput
          label="Account ID"
          value={accountId}
          onChange={(e) => setAccountId(e.currentTarget.value)}
        />
        <TextInput
          label="Client ID"
          value={clientId}
          onChange={(e) => setClientId(e.currentTarget.value)}
        />
      </Group>
      <PasswordInput
        label="Client secret"
        value={clientSecret}
        onChange={(e) => setClientSecret(e.currentTarget.value)}
      />
      <Button size="xs" w="fit-content" onClick={save} loading={busy}>
        {props.integration.connected ? 'Save Zoom settings' : 'Connect Zoom'}
      </Button>
    </Stack>
  );
}

function IntegrationRow(props: { projectId: string; integration: Integration }) {
  const client = useQueryClient();
  const { integration, projectId } = props;
  const name = INTEGRATION_NAMES[integration.name];
  return (
    <Card withBorder padding="sm" data-testid={`integration-${integration.name}`}>
      <Group justify="space-between" mb={integration.available ? 'xs' : 0}>
        <Group gap="xs">
          <Text fw={600}>{name}</Text>
          <Status integration={integration} />
        </Group>
        {integration.connected && integration.available ? (
          <Disconnect projectId={projectId} name={integration.name} />
        ) : null}
      </Group>
      {integration.invalid && integration.lastError ? (
        <Alert color="red" mb="xs" p="xs">
          {integration.lastError}
        </Alert>
      ) : null}
      {!integration.available ? null : integration.name === 'slack' ? (
        <SlackSettings projectId={projectId} integration={integration} />
      ) : integration.name === 'zapier' ? (
        <ZapierSettings projectId={projectId} integration={integration} />
      ) : integration.name === 'jira' ? (
        <JiraSettings projectId={projectId} integration={integration} />
      ) : integration.name === 'trello' ? (
        <TokenSettings
          projectId={projectId}
          integration={integration}
          name="trello"
          label="Trello token"
          description="Authorize Assay in Trello and paste the token it gives."
        />
      ) : integration.name === 'intercom' ? (
        <TokenSettings
          projectId={projectId}
          integration={integration}
          name="intercom"
          label="Intercom access token"
          description="From your Intercom app's Developer Hub › Authentication."
        />
      ) : integration.name === 'zoom' ? (
        <ZoomSettings projectId={projectId} integration={integration} />
      ) : integration.name === 'figma' ? (
        <FigmaSettings projectId={projectId} integration={integration} />
      ) : integration.name === 'zoom' ? (
        integration.connected ? (
          <Text size="sm">Interviews can record Zoom meetings.</Text>
        ) : (
          <Button
            size="xs"
            w="fit-content"
            onClick={() => void integrationsApi.enable(client, projectId, 'zoom').catch(report)}
          >
            Connect Zoom
          </Button>
        )
      ) : null}
    </Card>
  );
}

function InboxRow(props: { projectId: string; email: string | null }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const renew = () => {
    setBusy(true);
    integrationsApi
      .newInboxAddress(client, props.projectId)
      .catch(report)
      .finally(() => setBusy(false));
  };
  return (
    <Card withBorder padding="sm" data-testid="project-inbox">
      <Text fw={600} mb={4}>
        Email inbox
      </Text>
      <Text size="sm" mb="xs">
        Forward mail to this address: it becomes an evidence post, with its attachments.
      </Text>
      <Group gap="xs">
        {props.email ? <Code data-testid="inbox-address">{props.email}</Code> : null}
        <Button size="xs" variant="default" onClick={renew} loading={busy}>
          {props.email ? 'New address' : 'Get an address'}
        </Button>
      </Group>
    </Card>
  );
}

export function IntegrationsCard(props: { projectId: string }) {
  const integrations = useIntegrations(props.projectId);
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h5" mb="sm">
        Integrations
      </Title>
      <Stack gap="sm">
        <InboxRow projectId={props.projectId} email={integrations.data?.inbox.email ?? null} />
        {(integrations.data?.integrations ?? [])
          .filter((integration) => SETTLED.includes(integration.name))
          .map((integration) => (
            <IntegrationRow
              key={integration.name}
              projectId={props.projectId}
              integration={integration}
            />
          ))}
      </Stack>
    </Card>
  );
}
