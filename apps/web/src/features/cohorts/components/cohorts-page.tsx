/** /cohorts: the cohorts the member takes part in, and (for owners and admins) a new one. */
import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { canManageMembers } from '@assay/domain';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { cohortApi, useCohorts, type CohortSummary } from '../api/cohorts.ts';

export function CohortStatus(props: {
  cohort: Pick<CohortSummary, 'draft' | 'started' | 'ended' | 'deactivated' | 'isEnding'>;
}) {
  const { cohort } = props;
  if (cohort.draft) return <Badge color="yellow">Draft</Badge>;
  if (cohort.deactivated) return <Badge color="gray">Deactivated</Badge>;
  if (cohort.ended) return <Badge color="gray">Ended</Badge>;
  if (cohort.isEnding) return <Badge color="orange">Ending soon</Badge>;
  if (!cohort.started) return <Badge color="blue">Not started</Badge>;
  return <Badge color="green">Running</Badge>;
}

function CreateCohortModal(props: { opened: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const form = useForm({
    initialValues: { name: '', startsAt: '', endsAt: '' },
    validate: { name: (v) => (v.trim() ? null : 'Please give the cohort a name.') },
  });
  const submit = form.onSubmit((values) => {
    setSaving(true);
    cohortApi
      .create(client, {
        name: values.name,
        startsAt: values.startsAt || null,
        endsAt: values.endsAt || null,
      })
      .then((cohort) => {
        props.onClose();
        void navigate(`/cohort/${cohort.id}`);
      })
      .catch((error: unknown) => showAlert({ type: 'warning', message: toApiError(error).message }))
      .finally(() => setSaving(false));
  });
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="New cohort">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <TextInput label="Cohort name" withAsterisk {...form.getInputProps('name')} />
          <TextInput label="Starts on" type="date" {...form.getInputProps('startsAt')} />
          <TextInput
            label="Ends on"
            type="date"
            description="Three months after the start when left empty."
            {...form.getInputProps('endsAt')}
          />
          <Button type="submit" loading={saving}>
            Create cohort
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

export function CohortsPage() {
  const boot = useBootstrap();
  const cohorts = useCohorts();
  const [creating, setCreating] = useState(false);
  const canCreate = boot.data?.membership ? canManageMembers(boot.data.membership.role) : false;
  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Title order={2}>Cohorts</Title>
        {canCreate ? <Button onClick={() => setCreating(true)}>New cohort</Button> : null}
      </Group>
      {cohorts.data?.length === 0 ? <Text>No cohorts yet.</Text> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {(cohorts.data ?? []).map((cohort) => (
          <Card
            key={cohort.id}
            withBorder
            component={Link}
            to={`/cohort/${cohort.id}`}
            data-testid="cohort-card"
          >
            <Group justify="space-between">
              <Text fw={600}>{cohort.name}</Text>
              <CohortStatus cohort={cohort} />
            </Group>
            {cohort.startsAt ? (
              <Text size="sm" c="dimmed">
                {new Date(cohort.startsAt).toLocaleDateString()}
                {cohort.endsAt ? ` – ${new Date(cohort.endsAt).toLocaleDateString()}` : ''}
              </Text>
            ) : null}
          </Card>
        ))}
      </SimpleGrid>
      <CreateCohortModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
