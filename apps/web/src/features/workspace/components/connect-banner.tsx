/** The bar over the canvas in connect mode (#26): what is being connected, how, and Done. */
import { Alert, Button, Group, Text } from '@mantine/core';
import type { ConnectMode } from '../hooks/use-connect-mode.ts';

export function ConnectBanner(props: { connect: ConnectMode }) {
  const { connect } = props;
  const title = connect.source?.title || 'this card';
  const count = connect.source?.links.length ?? 0;
  return (
    <Alert
      color="blue"
      variant="light"
      data-testid="connect-banner"
      role="status"
      styles={{ root: { position: 'sticky', top: 64, zIndex: 5 } }}
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Text size="sm" fw={600}>
            Connecting “{title}” ({count} connected)
          </Text>
          <Text size="xs">
            Click a hypothesis to connect it, again to disconnect it; rate each on its card. Esc or
            Done to finish.
          </Text>
        </div>
        <Button size="xs" onClick={connect.leave}>
          Done
        </Button>
      </Group>
    </Alert>
  );
}
