/**
 * The bar over the canvas in connect mode (#26): what is being connected, how, and Done — and,
 * for a piece of evidence the agent has read (#49 item 4), its suggestions: each hypothesis with
 * the rating, the reason and the quote in the evidence's words, to accept or dismiss right here.
 */
import { Alert, Button, Group, ScrollArea, Text } from '@mantine/core';
import { isEvidenceType } from '@assay/domain';
import { useCardGeneration } from '../../../api/generation.ts';
import {
  ConnectionSuggestions,
  useDecideSuggestion,
} from '../../../ui/agent/connection-suggestions.tsx';
import type { ConnectMode } from '../hooks/use-connect-mode.ts';

function SuggestedHere(props: { evidenceId: string }) {
  const generation = useCardGeneration(props.evidenceId);
  const decide = useDecideSuggestion(props.evidenceId);
  const suggestions = generation.data?.suggestions ?? [];
  if (suggestions.length === 0) return null;
  return (
    <ScrollArea.Autosize mah={320} mt="xs" data-testid="connect-suggestions">
      <ConnectionSuggestions suggestions={suggestions} decide={decide} />
    </ScrollArea.Autosize>
  );
}

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
      {connect.source && isEvidenceType(connect.source.type) ? (
        <SuggestedHere evidenceId={connect.sourceId} />
      ) : null}
    </Alert>
  );
}
