/** The banner inviting a refresh when the server runs a newer build than this page. */
import { Button, Group, Paper, Text } from '@mantine/core';
import { MESSAGES } from '@assay/domain';
import { useVersionMismatch } from '../api/version.ts';

export function VersionBanner() {
  const newer = useVersionMismatch();
  if (!newer) return null;
  return (
    <Paper radius={0} p="xs" bg="blue.0" role="status" data-testid="version-banner">
      <Group justify="center" gap="md">
        <Text size="sm">{MESSAGES.newVersion}</Text>
        <Button size="xs" onClick={() => window.location.reload()}>
          Refresh
        </Button>
      </Group>
    </Paper>
  );
}
