/** The dashboard's files (market and investment): added through the signed upload, removed by those who edit. */
import { ActionIcon, Anchor, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { trackUpload } from '../../../ui/upload-progress.tsx';
import { attachDashboardFile, removeDashboardFile, type DashboardFile } from '../api/dashboard.ts';

export function DashboardFiles(props: {
  projectId: string;
  part: 'market' | 'investment';
  files: DashboardFile[];
  editable: boolean;
}) {
  const queryClient = useQueryClient();
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: ['dashboard', props.projectId] });
  const upload = (files: File[]) => {
    for (const file of files) {
      const track = trackUpload(file.name);
      void attachDashboardFile(props.projectId, props.part, file, (p) => track.progress(p))
        .then(() => {
          track.done();
          refresh();
        })
        .catch((error: unknown) => track.failed(toApiError(error).message));
    }
  };
  return (
    <Stack gap={4} role="group" aria-label={`${props.part} files`}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          Files
        </Text>
        {props.editable ? (
          <FileButton multiple onChange={upload}>
            {(buttonProps) => (
              <Button size="compact-xs" variant="default" {...buttonProps}>
                Attach files
              </Button>
            )}
          </FileButton>
        ) : null}
      </Group>
      {props.files.length === 0 ? (
        <Text size="xs" c="dimmed">
          No files.
        </Text>
      ) : (
        props.files.map((f) => (
          <Group key={f.id} justify="space-between" wrap="nowrap" data-testid="dashboard-file">
            <Anchor href={f.url} size="sm" target="_blank" rel="noreferrer">
              {f.filename}
            </Anchor>
            {props.editable ? (
              <ActionIcon
                size="sm"
                variant="subtle"
                color="red"
                aria-label={`Remove ${f.filename}`}
                onClick={() =>
                  void removeDashboardFile(props.projectId, f.id)
                    .then(refresh)
                    .catch((error: unknown) =>
                      showAlert({ type: 'warning', message: toApiError(error).message }),
                    )
                }
              >
                ×
              </ActionIcon>
            ) : null}
          </Group>
        ))
      )}
    </Stack>
  );
}
