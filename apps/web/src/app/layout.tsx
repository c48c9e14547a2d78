/** The app shell: header, version banner, the route's screen, reroute alerts closing on navigation. */
import { AppShell, Group, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { closeRerouteAlerts } from '../ui/alerts.ts';
import { VersionBanner } from '../ui/version-banner.tsx';

function Logo() {
  return (
    <Link to="/" style={{ textDecoration: 'none', color: 'inherit' }} aria-label="Assay home">
      <Group gap={8}>
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <Text fw={700} size="lg">
          Assay
        </Text>
      </Group>
    </Link>
  );
}

export function AppLayout() {
  const location = useLocation();
  useEffect(() => {
    closeRerouteAlerts();
  }, [location.pathname]);
  return (
    <AppShell header={{ height: 56 }} padding={0}>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Logo />
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <VersionBanner />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
