/** A project's settings: name, description, status and tags; modules; members and their roles. */
import {
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  TagsInput,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import {
  LIMITS,
  PROJECT_MODULE_LABELS,
  PROJECT_ROLE_LABELS,
  PROJECT_ROLES,
  termsFor,
  type License,
  type ProjectSettings,
} from '@assay/domain';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { toApiError } from '../../../api/errors.ts';
import { NOT_AUTHORIZED_PATH } from '../../../api/handle-error.ts';
import { showAlert } from '../../../ui/alerts.ts';
import {
  setProjectMember,
  setProjectTag,
  updateProject,
  updateProjectSettings,
  useOrganizationPeople,
  useProject,
  useProjectMembers,
  type ProjectDetail,
} from '../api/project-settings.ts';
import { CustomFieldsCard } from './custom-fields-card.tsx';
import { IntegrationsCard } from './integrations-card.tsx';
import { ExportCard } from './export-card.tsx';

const MODULES: { key: keyof ProjectSettings; label: string }[] = [
  { key: 'private', label: 'Private (members and admins only)' },
  { key: 'membership', label: 'Open to the whole organization' },
  ...(Object.keys(PROJECT_MODULE_LABELS) as (keyof typeof PROJECT_MODULE_LABELS)[]).map((key) => ({
    key,
    label: PROJECT_MODULE_LABELS[key],
  })),
];

const ROLE_OPTIONS = PROJECT_ROLES.map((r) => ({
  value: r,
  label: PROJECT_ROLE_LABELS[r],
}));

function useSave() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { customErrorHandler: true },
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['projects'] });
      await queryClient.invalidateQueries({ queryKey: ['side-navigation'] });
    },
    onError: (error) => showAlert({ message: toApiError(error).message, type: 'error' }),
  });
}

function GeneralCard(props: { project: ProjectDetail }) {
  const save = useSave();
  const [name, setName] = useState(props.project.name);
  const [description, setDescription] = useState(props.project.description);
  useEffect(() => {
    setName(props.project.name);
    setDescription(props.project.description);
  }, [props.project.name, props.project.description]);
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <TextInput
          label="Name"
          maxLength={LIMITS.nameMax}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Textarea
          label="Description"
          autosize
          minRows={3}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <Group align="end">
          <Select
            label="Status"
            w={200}
            data={[
              { value: 'active', label: 'Active' },
              { value: 'backlog', label: 'Backlog' },
              { value: 'archive', label: 'Archived' },
            ]}
            value={props.project.status}
            allowDeselect={false}
            onChange={(status) =>
              status &&
              save.mutate(() =>
                updateProject(props.project.id, { status: status as ProjectDetail['status'] }),
              )
            }
          />
          <TagsInput
            label="Tags"
            style={{ flex: 1 }}
            value={props.project.projectTags}
            onChange={(tags) => {
              const added = tags.filter((t) => !props.project.projectTags.includes(t));
              const removed = props.project.projectTags.filter((t) => !tags.includes(t));
              save.mutate(async () => {
                for (const tag of added) await setProjectTag(props.project.id, tag, true);
                for (const tag of removed) await setProjectTag(props.project.id, tag, false);
              });
            }}
          />
        </Group>
        <Button
          w="fit-content"
          loading={save.isPending}
          onClick={() =>
            save.mutate(async () => {
              await updateProject(props.project.id, { name, description });
              showAlert({ message: 'Saved', type: 'success' });
            })
          }
        >
          Save
        </Button>
      </Stack>
    </Card>
  );
}

function ModulesCard(props: { project: ProjectDetail }) {
  const save = useSave();
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h5" mb="sm">
        Modules and access
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {MODULES.map((m) => (
          <Switch
            key={m.key}
            label={m.label}
            checked={Boolean(props.project.settings[m.key])}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              save.mutate(() => updateProjectSettings(props.project.id, { [m.key]: on }));
            }}
          />
        ))}
      </SimpleGrid>
    </Card>
  );
}

function MembersCard(props: { project: ProjectDetail }) {
  const members = useProjectMembers(props.project.id);
  const people = useOrganizationPeople();
  const save = useSave();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState<string | null>(null);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: ['projects', props.project.id, 'members'] });
  const inside = new Set(members.data?.map((m) => m.profileId));
  const candidates = (people.data ?? [])
    .filter((p) => !inside.has(p.id))
    .map((p) => ({ value: p.id, label: `${p.firstName} ${p.lastName} (${p.email})` }));
  const change = (profileId: string, role: string | null) =>
    save.mutate(async () => {
      await setProjectMember(props.project.id, profileId, role);
      await refresh();
    });
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h5" mb="sm">
        Members
      </Title>
      <Table data-testid="project-members">
        <Table.Tbody>
          {members.data?.map((m) => (
            <Table.Tr key={m.profileId}>
              <Table.Td>
                {m.firstName} {m.lastName}
              </Table.Td>
              <Table.Td>{m.email}</Table.Td>
              <Table.Td>
                <Select
                  aria-label={`Project role of ${m.email}`}
                  size="xs"
                  w={180}
                  data={ROLE_OPTIONS}
                  value={m.role}
                  allowDeselect={false}
                  onChange={(role) => role && change(m.profileId, role)}
                />
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => change(m.profileId, null)}
                >
                  Remove
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group align="end" mt="sm">
        <Select
          label="Add a member"
          data={candidates}
          value={adding}
          onChange={setAdding}
          searchable
          w={360}
        />
        <Button
          disabled={!adding}
          onClick={() => adding && (change(adding, 'collaborator'), setAdding(null))}
        >
          Add
        </Button>
      </Group>
    </Card>
  );
}

export function ProjectSettingsPage() {
  const { projectId = '' } = useParams();
  const boot = useBootstrap();
  const project = useProject(projectId);
  const terms = termsFor(boot.data?.organization?.license as License | undefined);
  if (project.data && !project.data.abilities.manage)
    return <Navigate to={NOT_AUTHORIZED_PATH} replace />;
  return (
    <Stack maw={1000} mx="auto" py="xl" px="md" gap="md">
      <Title order={1}>{project.data?.name ?? terms.project} settings</Title>
      {project.data ? (
        <>
          <GeneralCard project={project.data} />
          <ModulesCard project={project.data} />
          <MembersCard project={project.data} />
          <CustomFieldsCard projectId={project.data.id} />
          {project.data.abilities.manage ? <IntegrationsCard projectId={project.data.id} /> : null}
          <ExportCard projectId={project.data.id} />
        </>
      ) : null}
    </Stack>
  );
}
