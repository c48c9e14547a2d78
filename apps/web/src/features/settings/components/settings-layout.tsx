import { Stack, Tabs, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { SettingsGuard } from './settings-guard.tsx';

const TABS = [
  { value: '/settings/general', label: 'General' },
  { value: '/settings/workspace', label: 'Fields and templates' },
  { value: '/settings/members', label: 'Members' },
  { value: '/settings/access-logs', label: 'Access log' },
  { value: '/settings/access-tokens', label: 'Access tokens' },
  { value: '/settings/billing', label: 'Billing' },
  { value: '/settings/sso', label: 'Single sign-on', ownersOnly: true },
];

export function SettingsLayout(props: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const boot = useBootstrap();
  return (
    <SettingsGuard>
      <Stack maw={1000} mx="auto" py="xl" px="md" gap="md">
        <Title order={1}>{boot.data?.organization?.name ?? 'Organization'} settings</Title>
        <Tabs value={location.pathname} onChange={(value) => value && void navigate(value)}>
          <Tabs.List>
            {TABS.filter((tab) => !tab.ownersOnly || boot.data?.membership?.role === 'owner').map(
              (tab) => (
                <Tabs.Tab key={tab.value} value={tab.value}>
                  {tab.label}
                </Tabs.Tab>
              ),
            )}
          </Tabs.List>
        </Tabs>
        {props.children}
      </Stack>
    </SettingsGuard>
  );
}
