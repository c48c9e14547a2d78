import {
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { ExploreDemo } from '../../../ui/explore-demo.tsx';
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

function GetStarted() {
  const boot = useBootstrap();
  if (boot.data?.user) {
    return (
      <Group>
        <Button component={Link} to="/organizations">
          Your organizations
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap="sm" maw={360}>
      <Group>
        <Button component={Link} to="/sign-in">
          Sign in
        </Button>
        <Button component={Link} to="/sign-up" variant="default">
          Create an account
        </Button>
      </Group>
      <ExploreDemo divider={false} />
    </Stack>
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
      <GetStarted />
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
