/**
 * The project's trash (issue #24): cards deleted in the last 30 days that this member may
 * restore, each with who deleted it, when, and when it goes for good.
 */
import { Alert, Button, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toApiError } from '../../../api/errors.ts';
import { gatewayRequest } from '../../../api/gateway.ts';
import { cardViewKeys } from '../../../api/query-keys.ts';
import { showAlert } from '../../../ui/alerts.ts';

interface TrashedCard {
  id: string;
  type: string;
  title: string;
  deletedAt: string;
  deletedBy: { firstName: string; lastName: string } | null;
  purgeAt: string;
}

const TYPE_NAMES: Record<string, string> = {
  hypothesis: 'Hypothesis',
  experiment: 'Experiment',
  interview: 'Interview',
  post: 'Post',
  evidenceOther: 'Evidence',
  intercom: 'Customer chat',
};

export function TrashDrawer(props: { projectId: string; opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [restoring, setRestoring] = useState<string | null>(null);
  const key = ['trash', props.projectId];
  const trash = useQuery({
    queryKey: key,
    enabled: props.opened,
    queryFn: () =>
      gatewayRequest<{ trash: TrashedCard[] }>(
        'query Trash($p: ID!) { trash(projectId: $p) { id type title deletedAt purgeAt deletedBy { firstName lastName } } }',
        { p: props.projectId },
      ).then((d) => d.trash),
  });
  const restore = (card: TrashedCard) => {
    setRestoring(card.id);
    gatewayRequest('mutation Restore($id: ID!) { restoreCard(cardId: $id) { id } }', {
      id: card.id,
    })
      .then(async () => {
        showAlert({ message: `“${card.title || 'Untitled'}” is back.`, type: 'success' });
        await queryClient.invalidateQueries({ queryKey: key });
        for (const view of cardViewKeys) await queryClient.invalidateQueries({ queryKey: view });
      })
      .catch((error: unknown) => showAlert({ type: 'warning', message: toApiError(error).message }))
      .finally(() => setRestoring(null));
  };
  return (
    <Drawer opened={props.opened} onClose={props.onClose} title="Trash" position="right">
      <Text size="sm" c="dimmed" mb="sm">
        Deleted cards stay here for 30 days, with their text, connections and history.
      </Text>
      {trash.isError ? (
        <Alert color="red">{toApiError(trash.error).message}</Alert>
      ) : !trash.data ? (
        <Loader size="sm" aria-label="Loading the trash" />
      ) : trash.data.length === 0 ? (
        <Text size="sm">The trash is empty.</Text>
      ) : (
        <Stack gap="sm">
          {trash.data.map((card) => (
            <Group
              key={card.id}
              justify="space-between"
              wrap="nowrap"
              align="flex-start"
              data-testid="trashed-card"
            >
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} lineClamp={2}>
                  {card.title || 'Untitled'}
                </Text>
                <Text size="xs" c="dimmed">
                  {TYPE_NAMES[card.type] ?? card.type} · deleted{' '}
                  {new Date(card.deletedAt).toLocaleDateString()}
                  {card.deletedBy ? ` by ${card.deletedBy.firstName}` : ''} · gone after{' '}
                  {new Date(card.purgeAt).toLocaleDateString()}
                </Text>
              </Stack>
              <Button
                size="compact-xs"
                variant="light"
                loading={restoring === card.id}
                onClick={() => restore(card)}
              >
                Restore
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Drawer>
  );
}
