/**
 * The first-time tip of a card type (part 2 §9: the profile's seen flags, all false at first):
 * shown on the first card of that kind a member opens, until "Got it".
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { FIRST_TIME_TIPS, tipTypeOf } from '@assay/domain';
import { useGettingStarted, useUpdateGuidance } from '../../../api/guidance.ts';

export function FirstTimeTip(props: {
  card: { type: string; hypothesisType?: string | null };
  /** A link asked for the help (part 2 §2 sidePanel=help): shown even once seen, until closed. */
  help?: boolean;
}) {
  const type = tipTypeOf(props.card);
  const state = useGettingStarted(type !== null);
  const update = useUpdateGuidance();
  const [closed, setClosed] = useState(false);
  if (!type || !state.data) return null;
  if (props.help) {
    if (closed) return null;
    const help = FIRST_TIME_TIPS[type];
    return (
      <Alert
        variant="light"
        color="blue"
        title={help.title}
        data-testid="card-help"
        withCloseButton
        closeButtonLabel="Close the help"
        onClose={() => setClosed(true)}
      >
        <Text size="sm">{help.body}</Text>
      </Alert>
    );
  }
  if (state.data.seen[type]) return null;
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
