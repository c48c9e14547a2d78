/**
 * The domains of an organisation's single sign-on and their proof (issue #47): nobody at a domain
 * signs in through the identity provider until the organisation proves it owns it, by a DNS TXT
 * record Assay reads, or by a confirmation mail to an administrative mailbox of the domain.
 */
import { Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SSO_DOMAIN_MAILBOXES, type SsoDomainMailbox, type SsoDomainView } from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { checkSsoDomainDns, mailSsoDomain, SSO_QUERY_KEY } from '../api/sso.ts';
import { CopyField } from './copy-field.tsx';

function DomainProof(props: { view: SsoDomainView }) {
  const { view } = props;
  const queryClient = useQueryClient();
  const [mailbox, setMailbox] = useState<SsoDomainMailbox>('admin');
  const refresh = () => queryClient.invalidateQueries({ queryKey: SSO_QUERY_KEY });
  const fail = (error: unknown) => {
    const problem = toApiError(error);
    showAlert({
      type: 'error',
      message: problem.context ? `${problem.message} (${problem.context})` : problem.message,
    });
  };
  const check = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: () => checkSsoDomainDns(view.domain),
    onSuccess: async () => {
      await refresh();
      showAlert({ type: 'success', message: `${view.domain} is verified.` });
    },
    onError: fail,
  });
  const mail = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: () => mailSsoDomain(view.domain, mailbox),
    onSuccess: async () => {
      await refresh();
      showAlert({
        type: 'success',
        message: `A confirmation mail is on its way to ${mailbox}@${view.domain}.`,
      });
    },
    onError: fail,
  });
  return (
    <Paper withBorder p="sm" data-testid={`sso-domain-${view.domain}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{view.domain}</Text>
          {view.verified ? (
            <Badge color="green">
              Verified {view.verifiedBy === 'dns' ? 'by DNS record' : 'by mail'}
            </Badge>
          ) : (
            <Badge color="orange">Not verified</Badge>
          )}
        </Group>
        {view.verified ? null : (
          <>
            <Text size="sm">
              Publish this TXT record at your DNS provider, then check it. Or send a confirmation
              mail to an administrative mailbox of the domain.
            </Text>
            <CopyField label="TXT record name" value={view.txtName} />
            <CopyField label="TXT record value" value={view.txtValue} />
            <Group align="end">
              <Button variant="light" onClick={() => check.mutate()} loading={check.isPending}>
                Check the DNS record
              </Button>
              <Select
                label="Mailbox"
                w={160}
                data={SSO_DOMAIN_MAILBOXES.map((m) => ({ value: m, label: `${m}@` }))}
                value={mailbox}
                onChange={(value) => setMailbox((value as SsoDomainMailbox | null) ?? 'admin')}
                allowDeselect={false}
              />
              <Button variant="light" onClick={() => mail.mutate()} loading={mail.isPending}>
                Send a confirmation mail
              </Button>
            </Group>
            {view.mailSentTo ? (
              <Text size="xs" c="dimmed">
                Last confirmation mail sent to {view.mailSentTo}.
              </Text>
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}

export function SsoDomains(props: { domains: SsoDomainView[] }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Verified domains
        </Title>
        {props.domains.length === 0 ? (
          <Text size="sm">
            Add the email domains of your members below and save: single sign-on signs in only
            addresses at domains you have verified.
          </Text>
        ) : (
          props.domains.map((view) => <DomainProof key={view.domain} view={view} />)
        )}
      </Stack>
    </Paper>
  );
}
