/**
 * The first-time tip of a card type (part 2 §9: the profile's seen flags, all false at first):
 * shown on the first card of that kind a member opens, until "Got it".
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { FIRST_TIME_TIPS, tipTypeOf } from '@assay/domain';
import { useGettingStarted, useUpdateGuidance } from '../../../api/guidance.ts';

export function FirstTimeTip(props: { card: { type: string; hypothesisType?: string | null } }) {
  const type = tipTypeOf(props.card);
  const state = useGettingStarted(type !== null);
  const update = useUpdateGuidance();
  if (!type || !state.data || state.data.seen[type]) return null;
  const tip = FIRST_TIME_TIPS[type];
  return (
    <Alert variant="light" color="blue" title={tip.title} data-testid="first-time-tip">
      <Text size="sm">{tip.body}</Text>
      <Group justify="flex-end" mt="xs">
        <Button
          size="xs"
          variant="light"
          loading={update.isPending}
          onClick={() => update.mutate({ seen: { [type]: true } })}
        >
          Got it
        </Button>
      </Group>
    </Alert>
  );
}
