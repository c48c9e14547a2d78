/**
 * Taking the whole organisation out (owners; issue #29), in the general settings: one zip with
 * its settings, members and every project's export, made in the background; the owner is mailed
 * the link, which also shows here while it lasts (7 days).
 */
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import {
  listOrganizationExports,
  organizationExportUrl,
  requestOrganizationExport,
} from '../api/membership.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function ExportOrganization() {
  const boot = useBootstrap().data;
  const organizationId = boot?.organization?.id ?? '';
  const owner = boot?.membership?.role === 'owner';
  const queryClient = useQueryClient();
  const exports = useQuery({
    queryKey: ['organization-exports', organizationId],
    queryFn: () => listOrganizationExports(organizationId),
    enabled: owner && Boolean(organizationId),
    // While one is being made, look again every few seconds.
    refetchInterval: (query) => (query.state.data?.[0]?.status === 'pending' ? 2000 : false),
  });
  const ask = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: () => requestOrganizationExport(organizationId),
    onSuccess: () => {
      showAlert({
        message: 'We are making the export. We will email you a link when it is ready.',
        type: 'success',
      });
      void queryClient.invalidateQueries({ queryKey: ['organization-exports', organizationId] });
    },
    onError: (error) => showAlert({ message: toApiError(error).message, type: 'error' }),
  });
  if (!owner) return null;
  const latest = exports.data?.[0];
  return (
    <Card withBorder padding="md" data-testid="organization-export">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4">
          Export the organization
        </Title>
        <Text size="sm" c="dimmed">
          One zip with its settings, members and roles, and every project with its evidence,
          experiments and files (each as its project export). It is made in the background; we email
          you a link that works for 7 days.
        </Text>
        <Group gap="sm">
          <Button
            variant="light"
            onClick={() => ask.mutate()}
            loading={ask.isPending}
            disabled={latest?.status === 'pending'}
          >
            Export everything
          </Button>
          {latest?.status === 'pending' ? (
            <Text size="sm">Making the export…</Text>
          ) : latest?.status === 'ready' && !latest.expired ? (
            <Anchor href={organizationExportUrl(organizationId, latest.id)} size="sm">
              Download the export of {when(latest.createdAt)}
            </Anchor>
          ) : latest?.status === 'failed' ? (
            <Text size="sm" c="red">
              The last export could not be made. Please try again.
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
