/**
 * An organisation scheduled for deletion (issue #29): closed to everyone until it goes. The page
 * says when; an owner restores it here, as it was.
 */
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Bootstrap } from '../../../api/bootstrap.ts';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { restoreOrganization } from '../api/membership.ts';

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

export function OrganizationClosing(props: { boot: Bootstrap; deletionDueAt: string }) {
  const organization = props.boot.organization;
  const queryClient = useQueryClient();
  const restore = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: () => restoreOrganization(organization?.id ?? ''),
    onSuccess: async () => {
      showAlert({
        message: `${organization?.name ?? 'The organization'} was restored`,
        type: 'success',
      });
      await queryClient.invalidateQueries();
    },
    onError: (error) => showAlert({ message: toApiError(error).message, type: 'error' }),
  });
  if (!organization) return null;
  const owner = props.boot.membership?.role === 'owner';
  return (
    <Stack p="md" maw={640} mx="auto" mt="xl">
      <Card withBorder padding="lg" data-testid="organization-closing">
        <Stack gap="sm" align="flex-start">
          <Title order={1} size="h3">
            {organization.name} is scheduled for deletion
          </Title>
          <Text>
            On {longDate(props.deletionDueAt)} the organization and its projects, evidence,
            experiments, members and uploaded files will be removed for good. Until then nobody can
            open its projects.
          </Text>
          {owner ? (
            <>
              <Text size="sm" c="dimmed">
                Restoring it brings everything back as it was. Its subscription was canceled when
                the deletion was asked for: reactivate it in the billing settings.
              </Text>
              <Button onClick={() => restore.mutate()} loading={restore.isPending}>
                Restore the organization
              </Button>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              An owner can restore it until then.
            </Text>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
