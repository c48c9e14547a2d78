/** Choose, upload and remove one image (an organisation's logo, a member's picture). */
import { Avatar, Button, FileButton, Group, Progress, Stack } from '@mantine/core';
import { useState } from 'react';
import { MESSAGES } from '@assay/domain';
import { toApiError } from '../api/errors.ts';
import { showAlert } from './alerts.ts';

export function ImagePicker(props: {
  image: string | null;
  label: string;
  fallback: string;
  upload: (file: File, onProgress: (percent: number) => void) => Promise<unknown>;
  remove: () => Promise<unknown>;
  disabled?: boolean;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const choose = (file: File | null) => {
    if (!file) return;
    setProgress(10);
    props
      .upload(file, (p) => setProgress(Math.max(p, 10)))
      .catch((error: unknown) => {
        const message = toApiError(error).message;
        showAlert({
          title: MESSAGES.uploadErrorTitle,
          message: message || MESSAGES.uploadErrorBody,
          type: 'error',
        });
      })
      .finally(() => setProgress(null));
  };
  return (
    <Group align="center">
      <Avatar src={props.image} size={64} radius="md" alt={props.label}>
        {props.fallback}
      </Avatar>
      <Stack gap={4}>
        <Group gap="xs">
          <FileButton
            onChange={choose}
            accept="image/png,image/jpeg,image/webp,image/gif"
            disabled={props.disabled}
          >
            {(buttonProps) => (
              <Button size="xs" variant="default" loading={progress !== null} {...buttonProps}>
                {props.image ? 'Change image' : 'Upload image'}
              </Button>
            )}
          </FileButton>
          {props.image ? (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              disabled={props.disabled}
              onClick={() =>
                void props
                  .remove()
                  .catch((e: unknown) =>
                    showAlert({ type: 'warning', message: toApiError(e).message }),
                  )
              }
            >
              Remove
            </Button>
          ) : null}
        </Group>
        {progress !== null ? (
          <Progress value={progress} size="sm" w={160} aria-label="Upload progress" />
        ) : null}
      </Stack>
    </Group>
  );
}
