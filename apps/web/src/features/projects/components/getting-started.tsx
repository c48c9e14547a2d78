/**
 * The getting-started checklist on the organisation home (shown by default): the steps of a first
 * discovery cycle, ticked as the member does them; hidden with "Hide checklist", back from the
 * link that remains.
 */
import { Anchor, Button, Card, Checkbox, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useGettingStarted, useUpdateGuidance } from '../../../api/guidance.ts';

export function GettingStarted() {
  const state = useGettingStarted();
  const update = useUpdateGuidance();
  if (!state.data) return null;
  const { progress } = state.data;
  if (!state.data.showChecklist) {
    return (
      <Group justify="flex-end">
        <Anchor component="button" size="sm" onClick={() => update.mutate({ showChecklist: true })}>
          Show the getting-started checklist
        </Anchor>
      </Group>
    );
  }
  return (
    <Card withBorder radius="md" padding="lg" data-testid="getting-started">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={2} size="h4">
            Getting started
          </Title>
          <Text size="sm" c="dimmed">
            {progress.complete
              ? 'All done: you have run a first discovery cycle.'
              : `${progress.done} of ${progress.total} done`}
          </Text>
        </Stack>
        <Button
          variant="subtle"
          size="xs"
          loading={update.isPending}
          onClick={() => update.mutate({ showChecklist: false })}
        >
          Hide checklist
        </Button>
      </Group>
      <Progress
        value={(progress.done / progress.total) * 100}
        mt="sm"
        aria-label={`Getting started: ${progress.done} of ${progress.total} done`}
      />
      <Stack gap="xs" mt="md">
        {state.data.items.map((item) => (
          <Checkbox
            key={item.key}
            label={item.label}
            checked={item.done}
            readOnly
            data-testid={`checklist-${item.key}`}
            aria-readonly
          />
        ))}
      </Stack>
    </Card>
  );
}
