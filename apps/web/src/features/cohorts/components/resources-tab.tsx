/**
 * A cohort's resources: links, files and course videos. Everyone in the cohort reads them and
 * marks videos watched; those who run it keep the lists and see who watched each video.
 */
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import type { Cohort } from '../api/cohorts.ts';
import {
  resourcesApi,
  useCohortResources,
  useVideoReport,
  type CohortResources,
} from '../api/resources.ts';

const report = (error: unknown) =>
  showAlert({ type: 'warning', message: toApiError(error).message });
const newId = () => Math.random().toString(36).slice(2, 10);

function AddRow(props: { label: string; onAdd: (title: string, link: string) => void }) {
  const [title, setTitle] = useState('');
  const [link, setLink] = useState('');
  return (
    <Group align="flex-end" gap="xs">
      <TextInput
        label={`${props.label} title`}
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
      />
      <TextInput
        label={`${props.label} link`}
        placeholder="https://"
        value={link}
        onChange={(e) => setLink(e.currentTarget.value)}
        style={{ flex: 1 }}
      />
      <Button
        variant="default"
        disabled={!title.trim() || !link.trim()}
        onClick={() => {
          props.onAdd(title.trim(), link.trim());
          setTitle('');
          setLink('');
        }}
      >
        Add {props.label.toLowerCase()}
      </Button>
    </Group>
  );
}

function VideoReport(props: { cohortId: string }) {
  const videos = useVideoReport(props.cohortId);
  if (!videos.data?.length) return null;
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h5" mb="xs">
        Video report
      </Title>
      <Table data-testid="video-report">
        <Table.Tbody>
          {videos.data.map((v) => (
            <Table.Tr key={v.id}>
              <Table.Td>{v.title}</Table.Td>
              <Table.Td>{v.watchedCount} watched</Table.Td>
              <Table.Td>{v.watchers.map((w) => w.name).join(', ')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

export function ResourcesTab(props: { cohort: Cohort }) {
  const client = useQueryClient();
  const { cohort } = props;
  const query = useCohortResources(cohort.id);
  const [uploading, setUploading] = useState(false);
  const data: CohortResources | undefined = query.data;
  if (!data) return null;
  const manage = cohort.abilities.manage;
  const save = (patch: {
    resources?: CohortResources['resources'];
    videos?: { id: string; title: string; url: string }[];
  }) => void resourcesApi.update(client, cohort.id, patch).catch(report);
  const videos = data.videos.map(({ id, title, url }) => ({ id, title, url }));
  return (
    <Stack gap="md" maw={860}>
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={3} size="h5">
            Resources
          </Title>
          {data.resources.length === 0 && data.resourceMedia.length === 0 ? (
            <Text size="sm">No resources yet.</Text>
          ) : null}
          {data.resources.map((r) => (
            <Group key={r.id} gap="xs" data-testid="cohort-resource">
              <Anchor href={r.link} target="_blank" rel="noopener noreferrer">
                {r.title}
              </Anchor>
              {manage ? (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${r.title}`}
                  onClick={() => save({ resources: data.resources.filter((x) => x.id !== r.id) })}
                >
                  ×
                </ActionIcon>
              ) : null}
            </Group>
          ))}
          {data.resourceMedia.map((m) => (
            <Anchor key={m.id} href={m.url} target="_blank">
              {m.filename}
            </Anchor>
          ))}
          {manage ? (
            <>
              <AddRow
                label="Resource"
                onAdd={(title, link) =>
                  save({ resources: [...data.resources, { id: newId(), title, link }] })
                }
              />
              <FileButton
                onChange={(file) => {
                  if (!file) return;
                  setUploading(true);
                  resourcesApi
                    .upload(client, cohort.id, file)
                    .catch(report)
                    .finally(() => setUploading(false));
                }}
              >
                {(buttonProps) => (
                  <Button variant="default" loading={uploading} {...buttonProps} w="fit-content">
                    Upload a file
                  </Button>
                )}
              </FileButton>
            </>
          ) : null}
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={3} size="h5">
            Course videos
          </Title>
          {data.videos.length === 0 ? <Text size="sm">No videos yet.</Text> : null}
          {data.videos.map((v) => (
            <Group key={v.id} gap="xs" data-testid="cohort-video">
              <Anchor
                href={v.url}
                target="_blank"
                rel="noopener noreferrer"
                onClick={() => void resourcesApi.watched(client, cohort.id, v.id).catch(report)}
              >
                {v.title}
              </Anchor>
              {v.watched ? <Badge color="green">Watched</Badge> : null}
              {manage ? (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${v.title}`}
                  onClick={() => save({ videos: videos.filter((x) => x.id !== v.id) })}
                >
                  ×
                </ActionIcon>
              ) : null}
            </Group>
          ))}
          {manage ? (
            <AddRow
              label="Video"
              onAdd={(title, url) => save({ videos: [...videos, { id: newId(), title, url }] })}
            />
          ) : null}
        </Stack>
      </Paper>
      {manage ? <VideoReport cohortId={cohort.id} /> : null}
    </Stack>
  );
}
