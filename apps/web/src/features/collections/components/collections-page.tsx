/** All collections, and a new one (owners and admins, on plans with collections). */
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocalStorage } from '@mantine/hooks';
import { Link, useNavigate } from 'react-router';
import { canManageMembers, featureAlert, licenseAllows, type License } from '@assay/domain';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { toApiError } from '../../../api/errors.ts';
import { useSideNavigation } from '../../../api/side-navigation.ts';
import { createCollection } from '../api/collections.ts';

export function CollectionsPage() {
  const boot = useBootstrap();
  const nav = useSideNavigation(true);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The new collection's name as typed, kept until it is made (§9 "createCollectionState").
  const [draft, setDraft, clearDraft] = useLocalStorage<{ name: string }>({
    key: 'createCollectionState',
    defaultValue: { name: '' },
    getInitialValueInEffect: false,
  });
  const name = typeof draft?.name === 'string' ? draft.name : '';
  const setName = (value: string) => setDraft({ name: value });
  const license = boot.data?.organization?.license as License | undefined;
  const allowed = license ? licenseAllows(license, 'collections') : false;
  const manager = canManageMembers(boot.data?.membership?.role ?? '');
  const create = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: () => createCollection(name, ''),
    onSuccess: async (collection) => {
      clearDraft();
      await queryClient.invalidateQueries({ queryKey: ['side-navigation'] });
      void navigate(`/collections/${collection.id}`);
    },
  });
  if (boot.data && !allowed) {
    return (
      <Stack maw={700} mx="auto" py="xl" px="md">
        <Alert title={featureAlert('collections').title}>
          Group projects into portfolios once your plan has collections.{' '}
          {featureAlert('collections').message}
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack maw={700} mx="auto" py="xl" px="md" gap="md">
      <Group justify="space-between">
        <Title order={1}>Collections</Title>
        {boot.data?.organization ? (
          <Button
            component={Link}
            to={`/portfolio-dashboard/${boot.data.organization.id}`}
            variant="light"
            size="xs"
          >
            Organization portfolio
          </Button>
        ) : null}
      </Group>
      {manager ? (
        <Card withBorder padding="sm">
          <Group align="end">
            <TextInput
              label="New collection"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={100}
              style={{ flex: 1 }}
            />
            <Button loading={create.isPending} onClick={() => create.mutate()}>
              Create
            </Button>
          </Group>
          {create.error ? (
            <Text c="red" size="sm" mt="xs" role="alert">
              {toApiError(create.error).message}
            </Text>
          ) : null}
        </Card>
      ) : null}
      <Text size="sm" c="dimmed">
        The side navigation shows the first five.
      </Text>
      {nav.data?.collections.map((c) => (
        <Card key={c.id} withBorder padding="sm" component={Link} to={`/collections/${c.id}`}>
          <Text fw={500}>{c.name}</Text>
        </Card>
      ))}
    </Stack>
  );
}
