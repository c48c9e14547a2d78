import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useHealth } from '../api/get-health.ts';

const PILLARS = [
  {
    title: 'Ideas',
    body: 'Keep your business model canvas as hypothesis cards, one section at a time.',
  },
  {
    title: 'Evidence',
    body: 'Interviews, posts, media and customer chats, all in one place.',
  },
  {
    title: 'Connections',
    body: 'Rate how each piece of evidence confirms or disconfirms an idea.',
  },
];

function ServerStatus() {
  const health = useHealth();
  if (health.isPending) return <Skeleton h={22} w={220} />;
  if (health.isError || !health.data) {
    return (
      <Badge color="red" variant="light" data-testid="server-status">
        Server check failed
      </Badge>
    );
  }
  return (
    <Group gap="xs" data-testid="server-status">
      <Badge color={health.data.ok ? 'teal' : 'red'} variant="light">
        {health.data.ok ? 'Server ready' : 'Server degraded'}
      </Badge>
      <Text size="xs" c="dimmed">
        version {health.data.version} ·{' '}
        {health.data.database === 'pglite' ? 'embedded database' : 'PostgreSQL'}
      </Text>
    </Group>
  );
}

export function HomePage() {
  return (
    <Stack gap="xl" maw={960} mx="auto" py="xl" px="md">
      <Stack gap="xs">
        <Title order={1}>Welcome to Assay</Title>
        <Text size="lg" c="dimmed">
          Test business and product ideas with evidence.
        </Text>
        <ServerStatus />
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {PILLARS.map((p) => (
          <Card key={p.title} withBorder radius="md" padding="lg">
            <Title order={3} size="h4">
              {p.title}
            </Title>
            <Text size="sm" mt="xs">
              {p.body}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
