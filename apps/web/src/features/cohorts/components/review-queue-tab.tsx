/**
 * The review queue (issue #24): every team's hypotheses marked ready, oldest first, for the
 * cohort's instructors, mentors and admins to approve or send back with what to change.
 */
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { toApiError } from '../../../api/errors.ts';
import { gatewayRequest } from '../../../api/gateway.ts';
import { showAlert } from '../../../ui/alerts.ts';
import type { Cohort } from '../api/cohorts.ts';

interface ReviewRequest {
  cardId: string;
  title: string;
  team: { name: string };
  requestedAt: string | null;
  path: string;
}

function Request(props: { item: ReviewRequest; onDone: () => void }) {
  const [note, setNote] = useState('');
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const decide = (decision: 'approve' | 'changes') => {
    setBusy(true);
    gatewayRequest('mutation Review($i: JSON!) { reviewHypothesis(input: $i) { state } }', {
      i: { cardId: props.item.cardId, decision, note },
    })
      .then(() => {
        showAlert({
          message:
            decision === 'approve' ? 'Approved: the team is told.' : 'Sent back to the team.',
          type: 'success',
        });
        props.onDone();
      })
      .catch((error: unknown) => showAlert({ type: 'warning', message: toApiError(error).message }))
      .finally(() => setBusy(false));
  };
  return (
    <Paper withBorder p="sm" data-testid="review-request">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={props.item.path} fw={500}>
            {props.item.title || 'Untitled'}
          </Anchor>
          <Text size="xs" c="dimmed">
            {props.item.team.name}
            {props.item.requestedAt
              ? ` · asked ${new Date(props.item.requestedAt).toLocaleString()}`
              : ''}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" loading={busy} onClick={() => decide('approve')}>
            Approve
          </Button>
          <Button size="compact-sm" variant="light" onClick={() => setAsking(!asking)}>
            Ask for changes
          </Button>
        </Group>
      </Group>
      {asking ? (
        <Stack gap={6} mt="xs">
          <Textarea
            label="What should the team change?"
            value={note}
            maxLength={2000}
            autosize
            minRows={2}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button size="compact-sm" loading={busy} onClick={() => decide('changes')}>
              Send to the team
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Paper>
  );
}

export function ReviewQueueTab(props: { cohort: Cohort }) {
  const queryClient = useQueryClient();
  const key = ['cohorts', props.cohort.id, 'review-queue'];
  const queue = useQuery({
    queryKey: key,
    queryFn: () =>
      gatewayRequest<{ cohortReviewQueue: ReviewRequest[] }>(
        'query ReviewQueue($c: ID!) { cohortReviewQueue(cohortId: $c) { cardId title team { name } requestedAt path } }',
        { c: props.cohort.id },
      ).then((d) => d.cohortReviewQueue),
  });
  if (queue.isError) return <Alert color="red">{toApiError(queue.error).message}</Alert>;
  if (!queue.data) return <Loader size="sm" aria-label="Loading the review queue" />;
  if (queue.data.length === 0) return <Text size="sm">No hypothesis is waiting for a review.</Text>;
  return (
    <Stack gap="sm">
      {queue.data.map((item) => (
        <Request
          key={item.cardId}
          item={item}
          onDone={() => void queryClient.invalidateQueries({ queryKey: key })}
        />
      ))}
    </Stack>
  );
}
