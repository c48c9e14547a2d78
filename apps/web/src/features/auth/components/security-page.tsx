/** Account security: multi-factor authentication and the signed-in sessions. */
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { openConfirm } from '../../../ui/confirm.tsx';
import {
  changeEmail,
  disableMfa,
  updatePassword,
  enableMfa,
  revokeAllSessions,
  revokeSession,
  startMfaSetup,
  useSessions,
  type MfaSetup,
} from '../api/security.ts';
import { describeDevice } from '@assay/domain';
import { DeleteAccountCard } from './delete-account.tsx';
import { FormError } from './form-error.tsx';
import { NewPasswordField } from './password-field.tsx';

function MfaCard() {
  const boot = useBootstrap();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const enabled = boot.data?.user?.mfaEnabled ?? false;

  const start = useMutation({ mutationFn: startMfaSetup, onSuccess: setSetup });
  const confirm = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: () => enableMfa(code.trim()),
    onSuccess: async (result) => {
      setRecoveryCodes(result.recoveryCodes);
      setSetup(null);
      setCode('');
      await queryClient.invalidateQueries({ queryKey: ['bootstrap'] });
    },
  });
  const disable = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: () => disableMfa(code.trim()),
    onSuccess: async () => {
      setCode('');
      setRecoveryCodes(null);
      showAlert({ message: 'Two-step verification is off.', type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['bootstrap'] });
    },
  });

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            Two-step verification
          </Title>
          <Badge color={enabled ? 'teal' : 'gray'} data-testid="mfa-status">
            {enabled ? 'On' : 'Off'}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Ask for a code from an authenticator app each time you sign in.
        </Text>
        {recoveryCodes ? (
          <Alert color="yellow" title="Save your recovery codes">
            <Text size="sm">
              Each code works once if you lose your phone. They are shown only now.
            </Text>
            <SimpleGrid cols={2} mt="xs" data-testid="recovery-codes">
              {recoveryCodes.map((c) => (
                <Code key={c}>{c}</Code>
              ))}
            </SimpleGrid>
          </Alert>
        ) : null}
        {!enabled && !setup ? (
          <Button w="fit-content" loading={start.isPending} onClick={() => start.mutate()}>
            Turn on
          </Button>
        ) : null}
        {setup ? (
          <Stack gap="xs">
            <Text size="sm">
              Scan this code with your authenticator app, then enter the 6-digit code it shows.
            </Text>
            <Image src={setup.qrDataUrl} alt="QR code for your authenticator app" w={180} h={180} />
            <Text size="xs" c="dimmed">
              Or enter this key: <Code data-testid="mfa-secret">{setup.secret}</Code>
            </Text>
            <TextInput
              label="Code from the app"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              autoComplete="one-time-code"
            />
            <FormError>{confirm.error ? toApiError(confirm.error).message : null}</FormError>
            <Button w="fit-content" loading={confirm.isPending} onClick={() => confirm.mutate()}>
              Confirm
            </Button>
          </Stack>
        ) : null}
        {enabled && !recoveryCodes ? (
          <Group align="end">
            <TextInput
              label="Code to turn it off"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
            />
            <Button
              color="red"
              variant="light"
              loading={disable.isPending}
              onClick={() => disable.mutate()}
            >
              Turn off
            </Button>
          </Group>
        ) : null}
        <FormError>{disable.error ? toApiError(disable.error).message : null}</FormError>
      </Stack>
    </Card>
  );
}

function SessionsCard() {
  const sessions = useSessions();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['auth', 'sessions'] });
  const revoke = useMutation({ mutationFn: revokeSession, onSuccess: refresh });
  const revokeAll = useMutation({
    mutationFn: revokeAllSessions,
    onSuccess: () => window.location.assign('/sign-in'),
  });
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Where you are signed in
        </Title>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Device</Table.Th>
              <Table.Th>IP address</Table.Th>
              <Table.Th>Last seen</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.data?.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td maw={280}>
                  <Text size="sm" title={s.device}>
                    {describeDevice(s.device)}
                  </Text>
                </Table.Td>
                <Table.Td>{s.ip}</Table.Td>
                <Table.Td>{new Date(s.lastSeenAt).toLocaleString()}</Table.Td>
                <Table.Td>
                  {s.current ? (
                    <Badge variant="light">This browser</Badge>
                  ) : (
                    <Button size="xs" variant="subtle" onClick={() => revoke.mutate(s.id)}>
                      Sign out
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Button
          w="fit-content"
          variant="default"
          onClick={() =>
            openConfirm({
              title: 'Sign out everywhere',
              message: 'You will be signed out on every device, this one included.',
              confirmLabel: 'Sign out everywhere',
              danger: true,
              onConfirm: () => revokeAll.mutate(),
            })
          }
        >
          Sign out everywhere
        </Button>
      </Stack>
    </Card>
  );
}

function EmailCard() {
  const boot = useBootstrap();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const change = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: () => changeEmail(email.trim()),
    onSuccess: () => setSentTo(email.trim()),
  });
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Email
        </Title>
        <Text size="sm">
          You sign in with <strong>{boot.data?.user?.email}</strong>.
        </Text>
        {sentTo ? (
          <Text size="sm" role="status">
            We sent a link to {sentTo}. Your email changes when you open it.
          </Text>
        ) : (
          <Group align="end">
            <TextInput
              label="New email"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Button variant="default" loading={change.isPending} onClick={() => change.mutate()}>
              Change email
            </Button>
          </Group>
        )}
        <FormError>{change.error ? toApiError(change.error).message : null}</FormError>
      </Stack>
    </Card>
  );
}

function PasswordCard() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const update = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: () => updatePassword(current, next),
    onSuccess: () => {
      setCurrent('');
      setNext('');
      showAlert({
        message: 'Your password is changed. Other sessions were signed out.',
        type: 'success',
      });
    },
  });
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Password
        </Title>
        <TextInput
          label="Current password"
          type="password"
          value={current}
          onChange={(e) => setCurrent(e.currentTarget.value)}
          autoComplete="current-password"
        />
        <NewPasswordField label="New password" value={next} onChange={setNext} />
        <FormError>{update.error ? toApiError(update.error).message : null}</FormError>
        <Button
          w="fit-content"
          variant="default"
          loading={update.isPending}
          onClick={() => update.mutate()}
        >
          Change password
        </Button>
      </Stack>
    </Card>
  );
}

export function SecurityPage() {
  return (
    <Stack maw={760} mx="auto" py="xl" px="md" gap="lg">
      <Title order={1}>Security</Title>
      <MfaCard />
      <EmailCard />
      <PasswordCard />
      <SessionsCard />
      <DeleteAccountCard />
    </Stack>
  );
}
