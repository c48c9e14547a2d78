/**
 * Leaving the organisation, at the foot of your profile: what you made stays with it, and an
 * owner can invite you again. The last owner is told to make someone else owner first.
 */
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { openConfirm } from '../../../ui/confirm.tsx';
import { leaveOrganization } from '../api/membership.ts';

export function LeaveOrganization() {
  const boot = useBootstrap().data;
  const organization = boot?.organization;
  const leave = useMutation({
    mutationFn: () => leaveOrganization(organization?.id ?? ''),
    // Out of the organisation: on to the list of the ones you are still in.
    // A refusal (the last owner) is shown by the app's error handling, in the catalogue's words.
    onSuccess: () => window.location.assign(`${boot?.appOrigin ?? ''}/organizations`),
  });
  if (!organization) return null;
  return (
    <Card withBorder padding="md">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4">
          Leave {organization.name}
        </Title>
        <Text size="sm" c="dimmed">
          What you made stays with the organization under your name. You will no longer be able to
          open it; an owner can invite you again.
        </Text>
        <Button
          color="red"
          variant="light"
          loading={leave.isPending}
          onClick={() =>
            openConfirm({
              title: `Leave ${organization.name}?`,
              message:
                'You will lose access to its projects at once. What you made stays with the organization.',
              confirmLabel: 'Leave organization',
              danger: true,
              onConfirm: () => leave.mutate(),
            })
          }
        >
          Leave organization
        </Button>
      </Stack>
    </Card>
  );
}
