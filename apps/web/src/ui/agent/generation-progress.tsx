/** A generation's staged progress bar: one segment per stage, the current one animated. */
import { Group, Progress, Stack, Text } from '@mantine/core';
import {
  GENERATION_STAGE_LABELS,
  GENERATION_STATUS_LABELS,
  type GenerationState,
} from '@assay/domain';

export function GenerationProgress(props: { generation: GenerationState; label?: string }) {
  const g = props.generation;
  const stages = GENERATION_STAGE_LABELS[g.kind] ?? [];
  const total = Math.max(g.totalStages, stages.length, 1);
  const current = g.status === 'success' ? total : g.stage;
  const label =
    g.status === 'processing' && g.stageLabel
      ? `${g.stageLabel}…`
      : GENERATION_STATUS_LABELS[g.status];
  return (
    <Stack gap={4} data-testid="generation-progress" data-status={g.status}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {props.label ?? 'The AI agent is working'}
        </Text>
        <Text size="xs" c="dimmed" data-testid="generation-stage">
          {g.status === 'processing' || g.status === 'success'
            ? `Stage ${Math.max(current, 1)} of ${total}: ${label}`
            : label}
        </Text>
      </Group>
      <Progress.Root size="lg" aria-label={`Stage ${current} of ${total}`}>
        {Array.from({ length: total }, (_, i) => (
          <Progress.Section
            key={i}
            value={100 / total}
            color={
              g.status === 'fail' && i >= current
                ? 'red.3'
                : i < current
                  ? 'teal'
                  : i === current && g.status === 'processing'
                    ? 'blue'
                    : 'gray.3'
            }
            animated={i === current && g.status === 'processing'}
            striped={i === current && g.status === 'processing'}
            style={{ borderRight: '2px solid var(--mantine-color-body)' }}
          >
            <Progress.Label fz={9}>{i + 1}</Progress.Label>
          </Progress.Section>
        ))}
      </Progress.Root>
    </Stack>
  );
}

/** "3 of 30 AI generations used; renews on 22 December." */
export function limitsText(limits: {
  allowance: number | null;
  count: number;
  expiresAt: string | null;
}): string {
  if (limits.allowance === null) return 'The AI agent is not part of your plan.';
  const renew = limits.expiresAt
    ? `; renews on ${new Date(limits.expiresAt).toLocaleDateString(undefined, { day: 'numeric', month: 'long' })}`
    : '';
  return `${limits.count} of ${limits.allowance} AI generations used${renew}.`;
}
