/** An organisation's home: its projects by status, with the words its license uses. */
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Menu,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import {
  canCreateProject,
  deleteProjectMessage,
  LICENSE_NAMES,
  termsFor,
  type License,
} from '@assay/domain';
import type { Bootstrap } from '../../../api/bootstrap.ts';
import { toApiError } from '../../../api/errors.ts';
import { useGettingStarted } from '../../../api/guidance.ts';
import { setFavorite, useSideNavigation } from '../../../api/side-navigation.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { openConfirm } from '../../../ui/confirm.tsx';
import {
  deleteProject,
  setProjectStatus,
  useProjects,
  type ProjectSummary,
} from '../api/projects.ts';
import { GettingStarted } from './getting-started.tsx';
import { ImportProjectButton } from './import-project.tsx';

/** The new-project dialog (its form, the agent's options) loads when first opened (#28). */
const CreateProjectModal = lazy(() =>
  import('./create-project-modal.tsx').then((m) => ({ default: m.CreateProjectModal })),
);

const STATUS_LABELS = { active: 'Active', backlog: 'Backlog', archive: 'Archived' } as const;
type Status = keyof typeof STATUS_LABELS;

export function ProjectsHome(props: { boot: Bootstrap }) {
  const organization = props.boot.organization;
  const role = props.boot.membership?.role ?? 'disabled';
  const license = (organization?.license ?? 'garage') as License;
  const terms = termsFor(license);
  const [status, setStatus] = useState<Status>('active');
  const checklist = useGettingStarted();
  // Once opened, the dialog stays mounted so it can close with its transition.
  const [opened, setOpened] = useState(false);
  const [creating, setCreating] = useState(false);
  const projects = useProjects();
  const nav = useSideNavigation(true);
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['projects'] });
    await queryClient.invalidateQueries({ queryKey: ['side-navigation'] });
  };
  const act = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: refresh,
    onError: (error) => showAlert({ message: toApiError(error).message, type: 'error' }),
  });
  const favorites = new Set(
    nav.data?.favorites.filter((f) => f.subjectType === 'projects').map((f) => f.subjectId),
  );
  const list = projects.data?.projects.filter((p) => p.status === status) ?? [];

  const card = (p: ProjectSummary) => (
    <Card key={p.id} withBorder padding="md" data-testid="project-card">
      <Group justify="space-between" wrap="nowrap" align="start">
        <Stack gap={2}>
          <Text fw={600} component={Link} to={p.openPath}>
            {p.name}
          </Text>
          {p.description ? (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {p.description}
            </Text>
          ) : null}
          {p.role ? (
            <Badge variant="light" size="xs">
              {p.role}
            </Badge>
          ) : null}
        </Stack>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={
              favorites.has(p.id) ? `Remove ${p.name} from favorites` : `Add ${p.name} to favorites`
            }
            aria-pressed={favorites.has(p.id)}
            onClick={() => act.mutate(() => setFavorite('projects', p.id, !favorites.has(p.id)))}
          >
            {favorites.has(p.id) ? '★' : '☆'}
          </ActionIcon>
          {p.abilities.manage ? (
            <Menu position="bottom-end">
              <Menu.Target>
                <Button size="xs" variant="subtle" aria-label={`Actions for ${p.name}`}>
                  ⋯
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component={Link} to={`/workspace/${p.id}/settings`}>
                  Settings
                </Menu.Item>
                {(Object.keys(STATUS_LABELS) as Status[])
                  .filter((s) => s !== p.status)
                  .map((s) => (
                    <Menu.Item key={s} onClick={() => act.mutate(() => setProjectStatus(p.id, s))}>
                      Move to {STATUS_LABELS[s]}
                    </Menu.Item>
                  ))}
                <Menu.Divider />
                <Menu.Item
                  color="red"
                  onClick={() =>
                    openConfirm({
                      title: `Delete ${p.name}`,
                      message: deleteProjectMessage(license),
                      confirmLabel: 'Delete',
                      danger: true,
                      onConfirm: () => act.mutate(() => deleteProject(p.id)),
                    })
                  }
                >
                  Delete
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
      </Group>
    </Card>
  );

  return (
    <Stack gap="lg" maw={1000} mx="auto" py="xl" px="md">
      <Group justify="space-between">
        <Stack gap={0}>
          <Title order={1}>{organization?.name}</Title>
          <Text c="dimmed">{LICENSE_NAMES[license] ?? license} plan</Text>
        </Stack>
        {canCreateProject(role) ? (
          <Group gap="xs">
            <ImportProjectButton label={`Import a ${terms.project.toLowerCase()}`} />
            <Button
              onClick={() => {
                setOpened(true);
                setCreating(true);
              }}
            >
              New {terms.project.toLowerCase()}
            </Button>
          </Group>
        ) : null}
      </Group>
      {checklist.isPending ? (
        // The checklist sits above the projects: both appear once it is known (no jump, #32).
        <Center mih={200}>
          <Loader aria-label="Loading" />
        </Center>
      ) : (
        <>
          <GettingStarted />
          <Card withBorder radius="md" padding="lg" data-testid="projects-card">
            <Title order={2} size="h3">
              {terms.projects}
            </Title>
            <Text size="sm" mt={4} c="dimmed">
              Each {terms.project.toLowerCase()} keeps its canvas of{' '}
              {terms.hypotheses.toLowerCase()}, evidence and experiments.
            </Text>
            <Tabs value={status} onChange={(v) => v && setStatus(v as Status)} mt="md">
              <Tabs.List>
                {(Object.keys(STATUS_LABELS) as Status[]).map((s) => (
                  <Tabs.Tab key={s} value={s} data-testid={`status-tab-${s}`}>
                    {STATUS_LABELS[s]} ({projects.data?.counts[s] ?? 0})
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </Tabs>
            {list.length === 0 && projects.data ? (
              <Text size="sm" mt="md">
                No {STATUS_LABELS[status].toLowerCase()} {terms.projects.toLowerCase()}.
              </Text>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
              {list.map(card)}
            </SimpleGrid>
          </Card>
        </>
      )}
      {opened ? (
        <Suspense fallback={null}>
          <CreateProjectModal
            opened={creating}
            onClose={() => setCreating(false)}
            terms={terms}
            isOwner={role === 'owner'}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
