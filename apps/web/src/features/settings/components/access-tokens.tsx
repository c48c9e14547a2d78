/**
 * Settings → Your profile → Access tokens (issue #52): tokens for your own AI assistant, which
 * reaches Assay over the Model Context Protocol. A new token is shown once; each can be revoked.
 */
import {
  Alert,
  Anchor,
  Button,
  Card,
  Code,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ACCESS_TOKENS, MESSAGES, type AccessLevel, type AccessToken } from '@assay/domain';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import {
  createAccessToken,
  MY_TOKENS_KEY,
  revokeMyAccessToken,
  useMyAccessTokens,
} from '../api/access-tokens.ts';
import { CopyField } from './copy-field.tsx';

const EXPIRIES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '180', label: '180 days' },
  { value: '365', label: 'A year' },
];

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : 'Never');

/** The rows of a token list; `person` adds its owner (the organisation's list). */
export function AccessTokenTable(props: {
  tokens: AccessToken[];
  person?: boolean;
  revoking?: string | null;
  onRevoke: (token: AccessToken) => void;
}) {
  return (
    <Table striped data-testid="access-tokens">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          {props.person ? <Table.Th>Member</Table.Th> : <Table.Th>Organization</Table.Th>}
          <Table.Th>Access</Table.Th>
          <Table.Th>Expires</Table.Th>
          <Table.Th>Last used</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.tokens.map((token) => (
          <Table.Tr key={token.id}>
            <Table.Td>{token.name}</Table.Td>
            <Table.Td>
              {props.person
                ? `${token.person.firstName} ${token.person.lastName}`.trim()
                : token.organization.name}
            </Table.Td>
            <Table.Td>{token.access === 'write' ? 'Read and write' : 'Read only'}</Table.Td>
            <Table.Td>{day(token.expiresAt)}</Table.Td>
            <Table.Td>{day(token.lastUsedAt)}</Table.Td>
            <Table.Td>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                loading={props.revoking === token.id}
                onClick={() => props.onRevoke(token)}
                aria-label={`Revoke ${token.name}`}
              >
                Revoke
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function NewToken(props: { token: string; onDone: () => void }) {
  const config = JSON.stringify(
    {
      mcpServers: {
        assay: {
          command: 'npx',
          args: ['assay-mcp', '--url', window.location.origin, '--token', props.token],
        },
      },
    },
    null,
    2,
  );
  return (
    <Alert color="green" title="Your new access token" data-testid="new-access-token">
      <Stack gap="xs">
        <Text size="sm">Copy it now: it is shown only this once.</Text>
        <CopyField label="Access token" value={props.token} />
        <Text size="sm">
          Give it to your assistant as a Bearer token for{' '}
          <Code>{`${window.location.origin}/mcp`}</Code>, or, for an assistant that starts local
          programs, in its MCP settings:
        </Text>
        <Code block>{config}</Code>
        <Button size="xs" variant="light" w="fit-content" onClick={props.onDone}>
          Done
        </Button>
      </Stack>
    </Alert>
  );
}

export function AccessTokens() {
  const boot = useBootstrap();
  const queryClient = useQueryClient();
  const tokens = useMyAccessTokens();
  const [name, setName] = useState('');
  const [access, setAccess] = useState<AccessLevel>('read');
  const [days, setDays] = useState('90');
  const [shown, setShown] = useState<string | null>(null);
  const organizationId = boot.data?.organization?.id;
  const fail = (error: unknown) =>
    showAlert({ message: toApiError(error).message || MESSAGES.somethingWentWrong, type: 'error' });
  const create = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: () =>
      createAccessToken({
        name: name.trim(),
        organizationId: organizationId ?? '',
        access,
        expiresInDays: Number(days),
      }),
    onSuccess: async (made) => {
      setShown(made.token);
      setName('');
      await queryClient.invalidateQueries({ queryKey: MY_TOKENS_KEY });
    },
    onError: fail,
  });
  const revoke = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: (token: AccessToken) => revokeMyAccessToken(token.id),
    onSuccess: async () => {
      showAlert({ message: 'The access token was revoked', type: 'success' });
      await queryClient.invalidateQueries({ queryKey: MY_TOKENS_KEY });
    },
    onError: fail,
  });
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="access-tokens-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="access-tokens-title">
          Access tokens
        </Title>
        <Text size="sm" c="dimmed">
          Let your own AI assistant read your canvas and evidence, and, with a read-and-write token,
          add evidence, ratings, hypotheses and experiments as you. A token does only what you may
          do, in one organization.{' '}
          <Anchor
            href="https://modelcontextprotocol.io"
            target="_blank"
            rel="noreferrer"
            underline="always"
          >
            About the Model Context Protocol
          </Anchor>
        </Text>
        {shown ? <NewToken token={shown} onDone={() => setShown(null)} /> : null}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) create.mutate();
          }}
        >
          <Group align="end" gap="sm" wrap="wrap">
            <TextInput
              label="Name"
              placeholder="My assistant"
              value={name}
              maxLength={ACCESS_TOKENS.nameMax}
              onChange={(event) => setName(event.currentTarget.value)}
              required
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="access-level-label">
                Access
              </Text>
              <SegmentedControl
                aria-labelledby="access-level-label"
                value={access}
                onChange={(value) => setAccess(value as AccessLevel)}
                data={[
                  { value: 'read', label: 'Read only' },
                  { value: 'write', label: 'Read and write' },
                ]}
              />
            </Stack>
            <Select
              label="Expires in"
              data={EXPIRIES}
              value={days}
              onChange={(value) => setDays(value ?? '90')}
              allowDeselect={false}
              w={140}
            />
            <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
              Make token
            </Button>
          </Group>
        </form>
        {tokens.data && tokens.data.length > 0 ? (
          <AccessTokenTable
            tokens={tokens.data}
            revoking={revoke.isPending ? (revoke.variables?.id ?? null) : null}
            onRevoke={(token) => revoke.mutate(token)}
          />
        ) : (
          <Text size="sm" c="dimmed">
            You have no access tokens.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
