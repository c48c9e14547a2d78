/** Published evidence of a project (or the locker) with its counts. */
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useEvidence } from '../api/lists.ts';
import { CardListRow as Item } from './card-list-row.tsx';

export function EvidenceList(props: { projectId: string; onOpen: (id: string) => void }) {
  const evidence = useEvidence(props.projectId);
  const counts = evidence.data?.counts;
  return (
    <Stack gap="xs">
      {counts ? (
        <Group gap="xs" data-testid="evidence-counts">
          <Badge variant="light">{counts.total} total</Badge>
          <Badge variant="light" color="orange">
            {counts.new} new
          </Badge>
          <Badge variant="light" color="gray">
            {counts.viewed} viewed
          </Badge>
          <Badge variant="light" color="grape">
            {counts.generated} generated
          </Badge>
        </Group>
      ) : null}
      {evidence.data?.cards.length === 0 ? (
        <Text size="sm" c="dimmed">
          No evidence yet. Log an interview or a post with Add evidence.
        </Text>
      ) : null}
      {(evidence.data?.cards ?? []).map((item) => (
        <Item key={item.id} item={item} onOpen={props.onOpen} />
      ))}
    </Stack>
  );
}
