/** Creating a project's public portal: name, link (suggested from the name) and who may see it. */
import { Button, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ERRORS,
  isValidPublicLink,
  PORTAL_MESSAGES,
  suggestPublicLink,
  type ShareSetting,
} from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { portalApi } from '../../../api/portal.ts';
import { showAlert } from '../../../ui/alerts.ts';

export const SHARE_OPTIONS: { value: ShareSetting; label: string }[] = [
  { value: 'public', label: 'Anyone with the link' },
  { value: 'hidden', label: 'Hidden (only your team)' },
];

export function CreateBoardForm(props: { projectId: string }) {
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [linkEdited, setLinkEdited] = useState(false);
  const form = useForm({
    initialValues: { name: 'Roadmap', link: suggestPublicLink('Roadmap'), shareSetting: 'public' },
    validate: {
      name: (v) => (v.trim() ? null : PORTAL_MESSAGES.nameRequired),
      link: (v) => (isValidPublicLink(v.trim().toLowerCase()) ? null : PORTAL_MESSAGES.linkFormat),
    },
  });
  const submit = form.onSubmit((values) => {
    setSaving(true);
    portalApi
      .createBoard(client, {
        projectId: props.projectId,
        name: values.name,
        link: values.link.trim().toLowerCase(),
        shareSetting: values.shareSetting as ShareSetting,
      })
      .catch((error: unknown) => {
        const apiError = toApiError(error);
        if (apiError.ref === ERRORS.publicLinkInUse.ref)
          form.setFieldError('link', apiError.message);
        else showAlert({ message: apiError.message, type: 'error', time: 'pause' });
      })
      .finally(() => setSaving(false));
  });
  return (
    <Paper withBorder p="lg" maw={560}>
      <form onSubmit={submit}>
        <Stack gap="md">
          <Title order={2} size="h3">
            Create the public portal
          </Title>
          <Text size="sm">
            Share published ideas on a public roadmap that visitors can read without an account.
            Nothing is visible until you publish a card to it.
          </Text>
          <TextInput
            label="Portal name"
            withAsterisk
            {...form.getInputProps('name')}
            onChange={(event) => {
              form.setFieldValue('name', event.currentTarget.value);
              if (!linkEdited)
                form.setFieldValue('link', suggestPublicLink(event.currentTarget.value));
            }}
          />
          <TextInput
            label="Link"
            withAsterisk
            description={`${window.location.origin}/portal/${form.values.link || '…'}`}
            {...form.getInputProps('link')}
            onChange={(event) => {
              setLinkEdited(true);
              form.setFieldValue('link', event.currentTarget.value);
            }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="share-setting-label">
              Who can see it
            </Text>
            <SegmentedControl
              aria-labelledby="share-setting-label"
              data={SHARE_OPTIONS}
              {...form.getInputProps('shareSetting')}
            />
          </Stack>
          <Button type="submit" loading={saving}>
            Create portal
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
