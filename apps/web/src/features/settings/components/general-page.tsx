/** General organisation settings: name, location, tags, resources menu, profile labels, project defaults, evidence weights. */
import {
  ActionIcon,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  EVIDENCE_KIND_LABELS,
  EVIDENCE_KINDS,
  isValidUrl,
  LANGUAGE_NAMES,
  LANGUAGES,
  MESSAGES,
  ONBOARDING_SCOPE,
  PROJECT_MODULE_LABELS,
} from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import {
  mediaIdOf,
  removeOrganizationImage,
  updateOrganization,
  uploadOrganizationImage,
  useOrganizationSettings,
  type OrganizationSettings,
  type ProjectDefaults,
} from '../api/organization.ts';
import { ImagePicker } from '../../../ui/image-picker.tsx';
import { SettingsLayout } from './settings-layout.tsx';
import { DeleteOrganization } from './delete-organization.tsx';
import { ExportOrganization } from './export-organization.tsx';

const DEFAULT_SWITCHES: { key: keyof ProjectDefaults; label: string; description?: string }[] = [
  { key: 'private', label: 'New projects are private' },
  { key: 'generate', label: 'Offer AI generation for new projects' },
  { key: 'membership', label: 'Add the organization to new projects' },
  ...(
    [
      'businessHypotheses',
      'productHypotheses',
      'experiments',
      'projectOverview',
      'publicPortal',
    ] as const
  ).map((key) => ({
    key,
    label: PROJECT_MODULE_LABELS[key],
    // Where a project's portal is turned on: here only for new projects (#26).
    ...(key === 'publicPortal'
      ? {
          description:
            'For new projects. An existing project’s portal is turned on in its settings (Project → Settings → Modules and access), then run from Project → Public portal.',
        }
      : {}),
  })),
];

type FormValues = Omit<
  OrganizationSettings,
  'id' | 'license' | 'abilities' | 'location' | 'image'
> & {
  location: string;
};

function GeneralForm(props: { organization: OrganizationSettings }) {
  const queryClient = useQueryClient();
  const org = props.organization;
  const form = useForm<FormValues>({
    initialValues: {
      name: org.name,
      location: org.location ?? '',
      tags: org.tags,
      resources: org.resources,
      profileDisplayNames: org.profileDisplayNames,
      projectDefaults: org.projectDefaults,
      learning: org.learning,
      scope: org.scope,
    },
    validate: {
      name: (v) => (v.trim() ? null : 'Your organization needs a name.'),
      resources: {
        items: { link: (v) => (isValidUrl(v) ? null : 'Only http and https links work here.') },
      },
    },
  });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    setValues({
      name: org.name,
      location: org.location ?? '',
      tags: org.tags,
      resources: org.resources,
      profileDisplayNames: org.profileDisplayNames,
      projectDefaults: org.projectDefaults,
      learning: org.learning,
      scope: org.scope,
    });
    resetDirty();
  }, [org, setValues, resetDirty]);
  const save = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: (values: FormValues) =>
      updateOrganization(org.id, { ...values, location: values.location.trim() || null }),
    onSuccess: async () => {
      showAlert({ message: MESSAGES.organizationUpdated, type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['settings', 'organization'] });
      await queryClient.invalidateQueries({ queryKey: ['bootstrap'] });
    },
    onError: (error) => showAlert({ message: toApiError(error).message, type: 'error' }),
  });

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['settings', 'organization'] });
    await queryClient.invalidateQueries({ queryKey: ['bootstrap'] });
  };
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
      <Stack gap="md">
        <Card withBorder padding="md">
          <Stack mb="md">
            <ImagePicker
              label="Organization image"
              image={props.organization.image}
              fallback={props.organization.name.slice(0, 2).toUpperCase()}
              upload={async (file, onProgress) => {
                await uploadOrganizationImage(props.organization.id, file, onProgress);
                await refresh();
              }}
              remove={async () => {
                const mediaId = mediaIdOf(props.organization.image);
                if (mediaId) await removeOrganizationImage(props.organization.id, mediaId);
                await refresh();
              }}
            />
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" maxLength={50} required {...form.getInputProps('name')} />
            <TextInput label="Location" maxLength={200} {...form.getInputProps('location')} />
          </SimpleGrid>
        </Card>
        <Card withBorder padding="md">
          <Title order={3} size="h5" mb="xs">
            Tags
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TagsInput label="Card tags" {...form.getInputProps('tags.cardTags')} />
            <TagsInput label="Project tags" {...form.getInputProps('tags.projectTags')} />
          </SimpleGrid>
        </Card>
        <Card withBorder padding="md">
          <Group justify="space-between" mb="xs">
            <Title order={3} size="h5">
              Resources menu
            </Title>
            <Switch
              label="Hide the menu"
              {...form.getInputProps('resources.disabled', { type: 'checkbox' })}
            />
          </Group>
          <Stack gap="xs">
            {form.values.resources.items.map((item, index) => (
              <Group key={item.id} align="end" wrap="nowrap">
                <TextInput
                  label="Title"
                  style={{ flex: 1 }}
                  {...form.getInputProps(`resources.items.${index}.title`)}
                />
                <TextInput
                  label="Link"
                  style={{ flex: 2 }}
                  {...form.getInputProps(`resources.items.${index}.link`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${item.title || 'link'}`}
                  onClick={() => form.removeListItem('resources.items', index)}
                  mb={4}
                >
                  ✕
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="light"
              w="fit-content"
              size="xs"
              onClick={() =>
                form.insertListItem('resources.items', {
                  id: crypto.randomUUID(),
                  title: '',
                  link: 'https://',
                })
              }
            >
              Add a link
            </Button>
          </Stack>
        </Card>
        <Card withBorder padding="md">
          <Title order={3} size="h5" mb="xs">
            Profile field labels
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label="Title field"
              maxLength={50}
              {...form.getInputProps('profileDisplayNames.title')}
            />
            <TextInput
              label="Department field"
              maxLength={50}
              {...form.getInputProps('profileDisplayNames.department')}
            />
            <TextInput
              label="About field"
              maxLength={50}
              {...form.getInputProps('profileDisplayNames.aboutMe')}
            />
          </SimpleGrid>
        </Card>
        <Card withBorder padding="md">
          <Title order={3} size="h5" mb="xs">
            Defaults for new projects
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {DEFAULT_SWITCHES.map((s) => (
              <Switch
                key={s.key}
                label={s.label}
                description={s.description}
                {...form.getInputProps(`projectDefaults.${s.key}`, { type: 'checkbox' })}
              />
            ))}
          </SimpleGrid>
          <Select
            mt="sm"
            label="Language"
            w={240}
            data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            allowDeselect={false}
            {...form.getInputProps('projectDefaults.language')}
          />
          <Switch
            mt="md"
            label="Set-up questions"
            description="New members answer a few questions (canvas, workflow, experiments…) that shape their first project. Off: they see the introduction only."
            checked={form.values.scope.includes(ONBOARDING_SCOPE)}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              const others = form.values.scope.filter((value) => value !== ONBOARDING_SCOPE);
              form.setFieldValue('scope', on ? [...others, ONBOARDING_SCOPE] : others);
            }}
          />
        </Card>
        <Card withBorder padding="md">
          <Title order={3} size="h5" mb={4}>
            How evidence is weighed
          </Title>
          <Text size="sm" c="dimmed" mb="xs">
            A hypothesis&rsquo;s confidence adds up its rated evidence: what people pay and do
            weighs more than what they say, and evidence counts half once it is as old as the
            half-life.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 4 }}>
            {EVIDENCE_KINDS.map((kind) => (
              <NumberInput
                key={kind}
                label={EVIDENCE_KIND_LABELS[kind]}
                min={0}
                max={10}
                step={0.5}
                decimalScale={2}
                {...form.getInputProps(`learning.weights.${kind}`)}
              />
            ))}
            <NumberInput
              label="Half-life (days)"
              min={0}
              max={3650}
              allowDecimal={false}
              {...form.getInputProps('learning.halfLifeDays')}
            />
          </SimpleGrid>
        </Card>
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save changes
          </Button>
          {form.isDirty() ? (
            <Text size="sm" c="dimmed">
              Unsaved changes
            </Text>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

export function GeneralPage() {
  const organization = useOrganizationSettings();
  return (
    <SettingsLayout>
      {organization.data ? <GeneralForm organization={organization.data} /> : null}
      <ExportOrganization />
      <DeleteOrganization />
    </SettingsLayout>
  );
}
