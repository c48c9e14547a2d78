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
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useBootstrap } from '../../../api/bootstrap.ts';
import {
  goToOrganization,
  listMyOrganizations,
  rememberedOrganizationId,
} from '../../../api/session.ts';
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

/**
 * The app host works inside the organisation this browser last opened (part 1 §3 storage
 * `organizationId`, #48 item 2): a signed-in person who still belongs to it goes there, to the
 * page they last had open in it, once per tab; the list of their organisations stays one click
 * away for choosing another.
 */
function useOpenRemembered(signedIn: boolean) {
  const remembered = rememberedOrganizationId();
  const enabled = signedIn && remembered !== null && !openedThisTab();
  const mine = useQuery({
    queryKey: ['auth', 'organizations'],
    queryFn: listMyOrganizations,
    enabled,
    meta: { customErrorHandler: true },
  });
  const [failed, setFailed] = useState(false);
  const target = enabled && !failed ? mine.data?.find((o) => o.id === remembered) : undefined;
  useEffect(() => {
    if (!target) return;
    markOpenedThisTab();
    // The handoff refused (signed out meanwhile, say): this page, with its choices, stays.
    goToOrganization(target.id, '/?resume').catch(() => setFailed(true));
  }, [target]);
  return { target, checking: enabled && mine.isPending };
}

const OPENED_KEY = 'appHostOpenedOrganization';
function openedThisTab() {
  try {
    return sessionStorage.getItem(OPENED_KEY) !== null;
  } catch {
    return true;
  }
}
function markOpenedThisTab() {
  try {
    sessionStorage.setItem(OPENED_KEY, '1');
  } catch {
    // Without session storage the app host simply stays here.
  }
}

function GetStarted() {
  const boot = useBootstrap();
  const opening = useOpenRemembered(Boolean(boot.data?.user));
  if (opening.target || opening.checking) {
    return (
      <Text size="sm" c="dimmed" role="status">
        {opening.target ? `Opening ${opening.target.name}…` : 'Opening your organization…'}
      </Text>
    );
  }
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
