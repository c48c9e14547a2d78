/** The dev inbox: the mail outbox, outside production, so links can be followed with no mail server. */
import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { restRequest } from '../../../api/rest.ts';

interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** Plain text with its URLs as links. */
function Linkified(props: { text: string }) {
  const parts = props.text.split(/(https?:\/\/\S+)/g);
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <Anchor key={i} href={part}>
            {part}
          </Anchor>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </Text>
  );
}

export function DevInboxPage() {
  const mail = useQuery({
    queryKey: ['dev', 'mail'],
    queryFn: () => restRequest<Mail[]>('/api/dev/mail'),
    meta: { customErrorHandler: true },
    refetchInterval: 3000,
  });
  return (
    <Stack maw={760} mx="auto" py="xl" px="md" gap="md">
      <Title order={1}>Dev inbox</Title>
      <Text c="dimmed" size="sm">
        Every email Assay sent, newest first. This page exists only outside production.
      </Text>
      {mail.isError ? <Text>The dev inbox is not available here.</Text> : null}
      {mail.data?.length === 0 ? <Text>No email yet.</Text> : null}
      {mail.data?.map((m) => (
        <Card key={m.id} withBorder padding="md" data-testid="mail">
          <Text fw={600}>{m.subject}</Text>
          <Text size="xs" c="dimmed" mb="xs">
            To {m.to} · {new Date(m.createdAt).toLocaleString()}
          </Text>
          <Linkified text={m.text} />
        </Card>
      ))}
    </Stack>
  );
}
