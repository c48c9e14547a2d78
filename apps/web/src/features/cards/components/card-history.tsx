/** A card's history (issue #24): each version, who made it and when, and what changed. */
import { Alert, Loader, Stack, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  BUSINESS_STATUS_LABELS,
  CANVAS_LABELS,
  EXPERIMENT_PHASE_LABELS,
  HYPOTHESIS_RESULT_LABELS,
} from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { gatewayRequest } from '../../../api/gateway.ts';
import { queryKeys } from '../../../api/query-keys.ts';

interface Version {
  version: number;
  action: string;
  at: string;
  actor: { firstName: string; lastName: string } | null;
  changes: { field: string; before: string | null; after: string | null }[];
}

const ACTIONS: Record<string, string> = {
  create: 'Created',
  baseline: 'As it was',
  update: 'Changed',
  text: 'Wrote',
  move: 'Moved',
  publish: 'Published',
  unpublish: 'Unpublished',
  delete: 'Deleted',
  restore: 'Restored from the trash',
  tag: 'Tagged',
  untag: 'Untagged',
};

const FIELDS: Record<string, string> = {
  published: 'Published',
  title: 'Title',
  description: 'Description',
  businessStatus: 'Status',
  result: 'Result',
  resultReason: 'Reason',
  section: 'Section',
  risky: 'Risky',
  phase: 'Phase',
  deleted: 'In the trash',
};

/** A value as a person reads it. */
function shown(field: string, value: string | null): string {
  if (value === null || value === '') return '—';
  if (value === 'true') return 'yes';
  if (value === 'false') return 'no';
  const labels: Record<string, Record<string, string>> = {
    businessStatus: BUSINESS_STATUS_LABELS,
    result: HYPOTHESIS_RESULT_LABELS,
    phase: EXPERIMENT_PHASE_LABELS,
    section: CANVAS_LABELS.businessModel,
  };
  const label = labels[field]?.[value] ?? value;
  return label.length > 140 ? `${label.slice(0, 139)}…` : label;
}

export function CardHistory(props: { cardId: string }) {
  const history = useQuery({
    queryKey: [...queryKeys.card(props.cardId), 'history'],
    queryFn: () =>
      gatewayRequest<{ cardHistory: Version[] }>(
        `query CardHistory($id: ID!) { cardHistory(cardId: $id) {
          version action at actor { firstName lastName } changes { field before after } } }`,
        { id: props.cardId },
      ).then((d) => d.cardHistory),
  });
  if (history.isError) return <Alert color="red">{toApiError(history.error).message}</Alert>;
  if (!history.data) return <Loader size="sm" aria-label="Loading the history" />;
  if (history.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No changes recorded yet.
      </Text>
    );
  return (
    <Timeline bulletSize={12} lineWidth={2} data-testid="card-history">
      {history.data.map((v) => (
        <Timeline.Item
          key={v.version}
          data-testid="card-version"
          title={`${ACTIONS[v.action] ?? v.action}${v.actor ? ` by ${v.actor.firstName} ${v.actor.lastName}` : ''}`}
        >
          <Text size="xs" c="dimmed">
            {new Date(v.at).toLocaleString()} · version {v.version}
          </Text>
          <Stack gap={2} mt={4}>
            {v.changes.map((c) => (
              <Text key={c.field} size="sm">
                <b>{FIELDS[c.field] ?? c.field}:</b>{' '}
                {c.before === null
                  ? shown(c.field, c.after)
                  : `${shown(c.field, c.before)} → ${shown(c.field, c.after)}`}
              </Text>
            ))}
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
