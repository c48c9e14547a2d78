/** A collection: its projects (with the total), and for owners and admins, adding and removing them. */
import { Badge, Button, Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { canManageMembers, termsFor, type License } from '@assay/domain';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { toApiError } from '../../../api/errors.ts';
import { setFavorite, useSideNavigation } from '../../../api/side-navigation.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { openConfirm } from '../../../ui/confirm.tsx';
import {
  addProject,
  deleteCollection,
  removeProject,
  useAllProjects,
  useCollectionProjects,
} from '../api/collections.ts';

export function CollectionPage() {
  const { id = '' } = useParams();
  const boot = useBootstrap();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const nav = useSideNavigation(true);
  const list = useCollectionProjects(id);
  const all = useAllProjects();
  const [picked, setPicked] = useState<string | null>(null);
  const manager = canManageMembers(boot.data?.membership?.role ?? '');
  const terms = termsFor(boot.data?.organization?.license as License | undefined);
  const collection = nav.data?.collections.find((c) => c.id === id) ?? null;
  const favorite =
    nav.data?.favorites.some((f) => f.subjectType === 'collections' && f.subjectId === id) ?? false;
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['collections'] });
    await queryClient.invalidateQueries({ queryKey: ['side-navigation'] });
  };
  const act = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: refresh,
    onError: (error) => showAlert({ message: toApiError(error).message, type: 'error' }),
  });
  const inside = new Set(list.data?.projects.map((p) => p.id));
  const candidates = (all.data ?? [])
    .filter((p) => !inside.has(p.id))
    .map((p) => ({ value: p.id, label: p.name }));

  return (
    <Stack maw={900} mx="auto" py="xl" px="md" gap="md">
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={1}>{collection?.name ?? 'Collection'}</Title>
          <Button
            variant="subtle"
            size="xs"
            aria-pressed={favorite}
            onClick={() => act.mutate(() => setFavorite('collections', id, !favorite))}
          >
            {favorite ? '★ Favorite' : '☆ Add to favorites'}
          </Button>
          <Button component={Link} to={`/portfolio-dashboard/${id}`} variant="light" size="xs">
            Portfolio view
          </Button>
        </Group>
        {manager ? (
          <Button
            color="red"
            variant="light"
            onClick={() =>
              openConfirm({
                title: 'Delete collection',
                message: `The collection goes; its ${terms.projects.toLowerCase()} stay.`,
                confirmLabel: 'Delete',
                danger: true,
                onConfirm: () =>
                  act.mutate(async () => {
                    await deleteCollection(id);
                    void navigate('/collections');
                  }),
              })
            }
          >
            Delete collection
          </Button>
        ) : null}
      </Group>
      <Text c="dimmed" data-testid="collection-total">
        {list.data?.total ?? 0}{' '}
        {(list.data?.total === 1 ? terms.project : terms.projects).toLowerCase()}
      </Text>
      {manager ? (
        <Card withBorder padding="sm">
          <Group align="end">
            <Select
              label={`Add a ${terms.project.toLowerCase()}`}
              data={candidates}
              value={picked}
              onChange={setPicked}
              searchable
              w={300}
            />
            <Button
              disabled={!picked}
              onClick={() =>
                picked &&
                act.mutate(async () => {
                  await addProject(id, picked);
                  setPicked(null);
                })
              }
            >
              Add
            </Button>
          </Group>
        </Card>
      ) : null}
      <Table data-testid="collection-projects">
        <Table.Tbody>
          {list.data?.projects.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>
                <Text component={Link} to={p.openPath} fw={500}>
                  {p.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light">{p.status}</Badge>
              </Table.Td>
              <Table.Td>
                {manager ? (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => act.mutate(() => removeProject(id, p.id))}
                  >
                    Remove
                  </Button>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
