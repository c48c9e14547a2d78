/** The organisation's access log: who did what, when, from where. */
import { Alert, Badge, Button, Group, Select, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { canViewAccessLogs, licenseAllows, timezoneFromOffset, type License } from '@assay/domain';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { LockedFeature } from '../../../ui/locked-feature.tsx';
import { useAccessLogs } from '../api/access-logs.ts';
import { describeActivity } from '../activity.ts';
import { SettingsLayout } from './settings-layout.tsx';

const ACTIONS = ['create', 'delete', 'resend', 'updateRole', 'disable', 'enable'];

function LogTable() {
  const [action, setAction] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const profileId = params.get('profileId') ?? undefined;
  // Times are the browser's; the header says which zone that is (part 1 §9.3).
  const zone = timezoneFromOffset(new Date().getTimezoneOffset());
  const logs = useAccessLogs({
    ...(action ? { action } : {}),
    ...(profileId ? { profileId } : {}),
  });
  return (
    <>
      {profileId ? (
        <Group gap="xs">
          <Badge variant="light" data-testid="profile-filter">
            One member&apos;s activity
          </Badge>
          <Button size="xs" variant="subtle" onClick={() => setParams({})}>
            Show everyone
          </Button>
        </Group>
      ) : null}
      <Select
        placeholder="Every action"
        data={ACTIONS}
        value={action}
        onChange={setAction}
        clearable
        w={220}
      />
      <Table striped data-testid="access-logs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When ({zone})</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>Project</Table.Th>
            <Table.Th>IP address</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {logs.data?.map((log) => (
            <Table.Tr key={log.id}>
              <Table.Td>{new Date(log.time).toLocaleString()}</Table.Td>
              <Table.Td>{log.actor ?? '—'}</Table.Td>
              <Table.Td>{describeActivity(log.activity)}</Table.Td>
              <Table.Td>{log.project?.name ?? '—'}</Table.Td>
              <Table.Td>{log.ip}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {logs.data?.length === 0 ? <Text c="dimmed">Nothing recorded yet.</Text> : null}
    </>
  );
}

export function AccessLogsPage() {
  const boot = useBootstrap();
  const membership = boot.data?.membership;
  const license = boot.data?.organization?.license as License | undefined;
  const allowed = membership && license ? canViewAccessLogs(membership.role, license) : false;
  const planHasIt = license ? licenseAllows(license, 'orgAccessLogs') : true;
  return (
    <SettingsLayout>
      {allowed ? (
        <LogTable />
      ) : !planHasIt ? (
        <LockedFeature feature="orgAccessLogs">
          See who signed in and what changed in your organization.
        </LockedFeature>
      ) : (
        <Alert color="gray">Only owners and admins see the access log.</Alert>
      )}
    </SettingsLayout>
  );
}
