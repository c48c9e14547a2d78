/**
 * An idea card's work-tracking links (part 2 §3 Hypothesis jiraLink and trelloIds, §7): send the
 * card to Jira as an issue and see it as Jira has it, or disconnect it; link Trello cards, list
 * them as Trello has them (with §8's messages when Trello refuses) and unlink them. Each shows
 * only when the project has that integration.
 */
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { JIRA_DISCONNECTED_NOTICE, TRELLO_LINK_MESSAGE, trelloShortLink } from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { useIntegrations } from '../../../api/integrations.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { restRequest } from '../../../api/rest.ts';
import { showAlert } from '../../../ui/alerts.ts';
import type { CardDetail } from '../api/card.ts';

const report = (error: unknown) =>
  showAlert({ type: 'warning', message: toApiError(error).message });

interface JiraMeta {
  /** The card's description as Markdown, to start from. */
  description: string;
  projects: { key: string; name: string; issueTypes: { id: string; name: string }[] }[];
}

function JiraSend(props: { card: CardDetail }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const meta = useQuery({
    enabled: open,
    queryKey: ['jira-meta', props.card.id],
    queryFn: () => restRequest<JiraMeta>(`/api/canvas/cards/${props.card.id}/jira/createMeta`),
  });
  const [projectKey, setProjectKey] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  // The card's own description, once it arrives, unless the person has begun one.
  const [started, setStarted] = useState(false);
  if (!started && meta.data) {
    setStarted(true);
    if (!description) setDescription(meta.data.description);
  }
  const [busy, setBusy] = useState(false);
  if (!open)
    return (
      <Button size="xs" variant="default" w="fit-content" onClick={() => setOpen(true)}>
        Send to Jira
      </Button>
    );
  const project = meta.data?.projects.find((p) => p.key === projectKey);
  const send = () => {
    setBusy(true);
    restRequest(`/api/canvas/cards/${props.card.id}/jira`, {
      method: 'POST',
      body: { projectKey, type, description },
    })
      .then(() => client.invalidateQueries({ queryKey: queryKeys.card(props.card.id) }))
      .catch(report)
      .finally(() => setBusy(false));
  };
  return (
    <Stack gap="xs">
      {meta.error ? <Text size="sm">{toApiError(meta.error).message}</Text> : null}
      <Group grow>
        <Select
          label="Jira project"
          data={(meta.data?.projects ?? []).map((p) => ({
            value: p.key,
            label: `${p.name} (${p.key})`,
          }))}
          value={projectKey}
          onChange={(value) => {
            setProjectKey(value);
            setType(null);
          }}
        />
        <Select
          label="Issue type"
          data={(project?.issueTypes ?? []).map((t) => ({ value: t.name, label: t.name }))}
          value={type}
          onChange={setType}
          disabled={!project}
        />
      </Group>
      <Textarea
        label="Description"
        autosize
        minRows={2}
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
      />
      <Group gap="xs">
        <Button size="xs" onClick={send} loading={busy} disabled={!projectKey || !type}>
          Create the issue
        </Button>
        <Button size="xs" variant="subtle" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

function JiraSection(props: { card: CardDetail; editable: boolean }) {
  const client = useQueryClient();
  const link = props.card.hypothesis?.jiraLink ?? null;
  const [busy, setBusy] = useState(false);
  const call = (kind: 'getIssue' | 'deleteConnection') => {
    setBusy(true);
    restRequest(`/api/canvas/cards/${props.card.id}/jira/${kind}`)
      .then(async () => {
        await client.invalidateQueries({ queryKey: queryKeys.card(props.card.id) });
        if (kind === 'deleteConnection')
          showAlert({ message: JIRA_DISCONNECTED_NOTICE, type: 'info' });
      })
      .catch(report)
      .finally(() => setBusy(false));
  };
  return (
    <Stack gap={4} data-testid="jira-link">
      <Text size="sm" fw={500}>
        Jira
      </Text>
      {link ? (
        <Group gap="xs">
          <Anchor href={link.url} target="_blank" rel="noreferrer" size="sm">
            {link.key}
          </Anchor>
          <Text size="sm">{link.summary}</Text>
          {link.status ? <Badge variant="light">{link.status}</Badge> : null}
          <Button size="xs" variant="subtle" onClick={() => call('getIssue')} loading={busy}>
            Refresh
          </Button>
          {props.editable ? (
            <Button size="xs" variant="subtle" color="red" onClick={() => call('deleteConnection')}>
              Disconnect
            </Button>
          ) : null}
        </Group>
      ) : props.editable ? (
        <JiraSend card={props.card} />
      ) : (
        <Text size="sm">Not sent to Jira.</Text>
      )}
    </Stack>
  );
}

interface TrelloCard {
  id: string;
  name: string;
  url: string;
  closed: boolean;
  list: { name: string } | null;
}

function TrelloSection(props: { card: CardDetail; editable: boolean }) {
  const client = useQueryClient();
  const key = ['trello', props.card.id];
  const list = useQuery({
    queryKey: key,
    queryFn: () =>
      restRequest<{ connections: TrelloCard[] }>(`/api/canvas/cards/${props.card.id}/trello`),
  });
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = () => {
    if (!trelloShortLink(link)) {
      setError(TRELLO_LINK_MESSAGE);
      return;
    }
    setError(null);
    restRequest(`/api/canvas/cards/${props.card.id}/trello`, {
      method: 'POST',
      body: { url: link },
    })
      .then(() => {
        setLink('');
        return client.invalidateQueries({ queryKey: key });
      })
      .catch((e: unknown) => setError(toApiError(e).message));
  };
  const remove = (id: string) =>
    void restRequest(`/api/canvas/cards/${props.card.id}/trello/${id}`, { method: 'DELETE' })
      .then(() => client.invalidateQueries({ queryKey: key }))
      .catch(report);
  return (
    <Stack gap={4} data-testid="trello-links">
      <Text size="sm" fw={500}>
        Trello
      </Text>
      {list.error ? (
        <Text size="sm" c="red">
          {toApiError(list.error).message}
        </Text>
      ) : null}
      {(list.data?.connections ?? []).map((t) => (
        <Group key={t.id} gap="xs">
          <Anchor href={t.url} target="_blank" rel="noreferrer" size="sm">
            {t.name}
          </Anchor>
          {t.list ? <Badge variant="light">{t.list.name}</Badge> : null}
          {t.closed ? <Badge color="gray">Archived</Badge> : null}
          {props.editable ? (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Unlink ${t.name}`}
              onClick={() => remove(t.id)}
            >
              ×
            </ActionIcon>
          ) : null}
        </Group>
      ))}
      {props.editable ? (
        <Group gap="xs" align="flex-start">
          <TextInput
            aria-label="Trello card link"
            placeholder="https://trello.com/c/…"
            value={link}
            onChange={(e) => setLink(e.currentTarget.value)}
            error={error}
            style={{ flex: 1 }}
          />
          <Button variant="default" onClick={add} disabled={!link.trim()}>
            Link Trello card
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

export function WorkTracking(props: { card: CardDetail; editable: boolean }) {
  const integrations = useIntegrations(props.card.projectId);
  const on = (name: string) =>
    integrations.data?.integrations.some(
      (i) => i.name === name && i.connected && i.enabled && i.available,
    );
  return (
    <>
      {on('jira') ? <JiraSection card={props.card} editable={props.editable} /> : null}
      {on('trello') ? <TrelloSection card={props.card} editable={props.editable} /> : null}
    </>
  );
}
