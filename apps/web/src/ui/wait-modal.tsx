/** The full-screen wait modal "Awesome stuff is happening" (used while a plan changes). */
import { Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { MESSAGES } from '@assay/domain';

const listeners = new Set<() => void>();
let open = false;

function set(value: boolean) {
  open = value;
  listeners.forEach((l) => l());
}

export const showWaitModal = () => set(true);
export const hideWaitModal = () => set(false);

export function WaitModal() {
  const opened = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
    () => false,
  );
  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      fullScreen
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      transitionProps={{ duration: 0 }}
    >
      <Stack align="center" justify="center" h="80vh" gap="md" role="status" aria-live="polite">
        <Loader size="xl" />
        <Title order={2}>{MESSAGES.waitTitle}</Title>
        <Text c="dimmed">{MESSAGES.waitBody}</Text>
      </Stack>
    </Modal>
  );
}
