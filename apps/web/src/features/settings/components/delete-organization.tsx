/**
 * Deleting the organisation (owners; issue #29), at the foot of the general settings: the name
 * typed to confirm; the organisation then closes for 14 days, during which an owner can restore
 * it (organization-closing.tsx), and is removed after.
 */
import { Button, Card, Group, List, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TIMERS } from '@assay/domain';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { toApiError } from '../../../api/errors.ts';
import { deleteOrganization } from '../api/membership.ts';

export function DeleteOrganization() {
  const boot = useBootstrap().data;
  const organization = boot?.organization;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: () => deleteOrganization(organization?.id ?? '', typed),
    onSuccess: async () => {
      setOpened(false);
      await queryClient.invalidateQueries({ queryKey: ['bootstrap'] });
      void navigate('/');
    },
  });
  if (!organization || boot.membership?.role !== 'owner') return null;
  const close = () => {
    setOpened(false);
    setTyped('');
    remove.reset();
  };
  return (
    <Card withBorder padding="md">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4">
          Delete {organization.name}
        </Title>
        <Text size="sm" c="dimmed">
          The organization closes at once and is removed with everything in it after{' '}
          {TIMERS.organizationDeletionGraceDays} days. Until then any owner can restore it.
        </Text>
        <Button color="red" variant="light" onClick={() => setOpened(true)}>
          Delete organization
        </Button>
      </Stack>
      <Modal opened={opened} onClose={close} title={`Delete ${organization.name}?`} centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            remove.mutate();
          }}
        >
          <Stack gap="sm">
            <List size="sm" spacing={4}>
              <List.Item>Nobody can open its projects from now on.</List.Item>
              <List.Item>Its subscription stops renewing.</List.Item>
              <List.Item>
                After {TIMERS.organizationDeletionGraceDays} days its projects, evidence,
                experiments, members and uploaded files are removed for good. Every owner is mailed,
                and any owner can restore it until then.
              </List.Item>
            </List>
            <TextInput
              label={`Type ${organization.name} to confirm`}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              error={remove.error ? toApiError(remove.error).message : undefined}
              data-autofocus
              autoComplete="off"
            />
            <Group justify="end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button
                type="submit"
                color="red"
                loading={remove.isPending}
                disabled={typed.trim() !== organization.name.trim()}
              >
                Delete organization
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
