/** One of the dashboard's counts. */
import { Paper, Text } from '@mantine/core';

export function Stat(props: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid={props.testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {props.label}
      </Text>
      <Text size="xl" fw={700} data-testid="stat-value">
        {props.value}
      </Text>
    </Paper>
  );
}
