/**
 * The upload progress panel (part 2 §4): it shows once files exist; overall progress is the
 * average of the files' (10 until one reports); complete when every file is; a failure marks the
 * panel failed and alerts "UPLOAD ERROR". It closes itself 3 s after everything finished.
 */
import { Affix, CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { MESSAGES, TIMERS } from '@assay/domain';
import { showAlert } from './alerts.ts';

interface FileProgress {
  name: string;
  progress: number;
  done: boolean;
  failed: boolean;
}

interface UploadState {
  files: Record<string, FileProgress>;
}

let state: UploadState = { files: {} };
const listeners = new Set<() => void>();
let closeTimer: ReturnType<typeof setTimeout> | null = null;
let counter = 0;

function set(next: UploadState) {
  state = next;
  for (const listener of listeners) listener();
}

/** The panel's figures, worked out from the files (exported for tests). */
export function uploadSummary(files: Record<string, FileProgress>) {
  const list = Object.values(files);
  const completeCount = list.filter((f) => f.done).length;
  const reported = list.filter((f) => f.progress > 0);
  const totalProgress = reported.length
    ? Math.round(list.reduce((sum, f) => sum + f.progress, 0) / list.length)
    : 10;
  return {
    totalProgress,
    completeCount,
    isComplete: list.length > 0 && completeCount === list.length,
    hasFailed: list.some((f) => f.failed),
  };
}

function update(id: string, change: Partial<FileProgress>) {
  const current = state.files[id];
  if (!current) return;
  set({ files: { ...state.files, [id]: { ...current, ...change } } });
  const summary = uploadSummary(state.files);
  if (summary.isComplete && !summary.hasFailed) {
    if (closeTimer) clearTimeout(closeTimer);
    closeTimer = setTimeout(() => set({ files: {} }), TIMERS.uploadToastMs);
  }
}

/** Tracks one file's upload; the handle reports progress, completion and failure. */
export function trackUpload(name: string) {
  counter += 1;
  const id = `upload-${counter}`;
  if (closeTimer) clearTimeout(closeTimer);
  set({ files: { ...state.files, [id]: { name, progress: 0, done: false, failed: false } } });
  return {
    progress: (percent: number) => update(id, { progress: Math.max(0, Math.min(100, percent)) }),
    done: () => update(id, { progress: 100, done: true }),
    failed: (message?: string) => {
      update(id, { failed: true, done: true });
      showAlert({
        title: MESSAGES.uploadErrorTitle,
        message: message || MESSAGES.uploadErrorBody,
        type: 'error',
      });
    },
  };
}

function useUploads() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

export function UploadProgressPanel() {
  const { files } = useUploads();
  const list = Object.entries(files);
  if (list.length === 0) return null;
  const summary = uploadSummary(files);
  return (
    <Affix position={{ bottom: 16, right: 16 }}>
      <Paper
        withBorder
        shadow="md"
        p="sm"
        w={300}
        role="status"
        aria-label="Uploads"
        data-testid="upload-panel"
      >
        <Group justify="space-between" mb={6}>
          <Text size="sm" fw={600}>
            {summary.hasFailed
              ? MESSAGES.uploadErrorTitle
              : summary.isComplete
                ? 'Upload complete'
                : `Uploading ${summary.completeCount} of ${list.length}`}
          </Text>
          <CloseButton size="sm" aria-label="Close uploads" onClick={() => set({ files: {} })} />
        </Group>
        <Progress
          value={summary.totalProgress}
          color={summary.hasFailed ? 'red' : undefined}
          mb={6}
        />
        <Stack gap={2}>
          {list.map(([id, file]) => (
            <Text key={id} size="xs" c={file.failed ? 'red' : 'dimmed'} lineClamp={1}>
              {file.name} — {file.failed ? 'failed' : `${file.progress}%`}
            </Text>
          ))}
        </Stack>
      </Paper>
    </Affix>
  );
}
