/**
 * What changed since…: the project's learning events (issue #24) — hypotheses validated or
 * invalidated, experiments completed, hypotheses crossing into another quadrant of the map —
 * from a date the reader picks (a week ago at first).
 */
import { Alert, Anchor, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ASSUMPTION_QUADRANT_LABELS, cardPath, type AssumptionQuadrant } from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { gatewayRequest } from '../../../api/gateway.ts';
import { queryKeys } from '../../../api/query-keys.ts';

interface LearningEvent {
  id: string;
  kind: 'validated' | 'invalidated' | 'experimentCompleted' | 'quadrant';
  detail: { from?: AssumptionQuadrant; to?: AssumptionQuadrant; reason?: string };
  at: string;
  card: { id: string; title: string; type: string };
  actor: { firstName: string; lastName: string } | null;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

function sentence(e: LearningEvent): string {
  const title = `“${e.card.title || 'Untitled'}”`;
  switch (e.kind) {
    case 'validated':
      return `${title} was validated${e.detail.reason ? `: ${e.detail.reason}` : '.'}`;
    case 'invalidated':
      return `${title} was invalidated${e.detail.reason ? `: ${e.detail.reason}` : '.'}`;
    case 'experimentCompleted':
      return `The experiment ${title} was completed.`;
    case 'quadrant':
      return `${title} moved from ${ASSUMPTION_QUADRANT_LABELS[e.detail.from ?? 'testNow']} to ${ASSUMPTION_QUADRANT_LABELS[e.detail.to ?? 'testNow']} on the assumptions map.`;
  }
}

export function TimelineSection(props: { projectId: string }) {
  const [since, setSince] = useState(() => day(new Date(Date.now() - 7 * 24 * 60 * 60 * 1000)));
  const timeline = useQuery({
    queryKey: [...queryKeys.dashboard(props.projectId), 'timeline', since],
    queryFn: () =>
      gatewayRequest<{ projectTimeline: LearningEvent[] }>(
        `query Timeline($p: ID!, $since: String) { projectTimeline(projectId: $p, since: $since) {
          id kind detail at card { id title type } actor { firstName lastName } } }`,
        { p: props.projectId, since: since ? `${since}T00:00:00` : null },
      ).then((d) => d.projectTimeline),
  });
  return (
    <Paper withBorder p="md" radius="md" data-testid="timeline">
      <Group justify="space-between" align="flex-end" mb="sm">
        <Title order={4}>What the team learned</Title>
        <TextInput
          type="date"
          size="xs"
          label="Since"
          value={since}
          max={day(new Date())}
          onChange={(e) => setSince(e.currentTarget.value)}
        />
      </Group>
      {timeline.isError ? (
        <Alert color="red">{toApiError(timeline.error).message}</Alert>
      ) : !timeline.data ? (
        <Loader size="sm" aria-label="Loading what the team learned" />
      ) : timeline.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing validated, invalidated, completed or moved on the map since then.
        </Text>
      ) : (
        <Stack gap={6}>
          {timeline.data.map((e) => (
            <Stack key={e.id} gap={0} data-testid="learning-event" data-kind={e.kind}>
              <Anchor
                component={Link}
                to={cardPath({ id: e.card.id, type: e.card.type })}
                size="sm"
              >
                {sentence(e)}
              </Anchor>
              <Text size="xs" c="dimmed">
                {new Date(e.at).toLocaleString()}
                {e.actor ? ` · ${e.actor.firstName} ${e.actor.lastName}` : ''}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
