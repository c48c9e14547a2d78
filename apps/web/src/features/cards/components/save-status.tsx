/** Spinner while saving, then a green check for three seconds. */
import { Loader, Text, ThemeIcon } from '@mantine/core';
import type { SaveStatus } from '../hooks/use-autosave.ts';

export function SaveStatusMark(props: { status: SaveStatus }) {
  if (props.status === 'saving') return <Loader size={14} aria-label="Saving" />;
  if (props.status === 'saved') {
    return (
      <ThemeIcon size={16} radius="xl" color="green" aria-label="Saved" data-testid="saved-check">
        <svg viewBox="0 0 16 16" width={10} height={10} aria-hidden>
          <path d="M3 8.5l3 3 7-7" stroke="currentColor" strokeWidth={2} fill="none" />
        </svg>
      </ThemeIcon>
    );
  }
  if (props.status === 'error') {
    return (
      <Text size="xs" c="red">
        Not saved
      </Text>
    );
  }
  return null;
}
