/**
 * Published evidence of a project (or the locker) with its counts. In connect mode (#26, from a
 * hypothesis: ?connect={cardId}) a click links a piece of evidence to it or unlinks it, and the
 * link is rated beside it.
 */
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useEvidence } from '../api/lists.ts';
import type { ConnectMode } from '../hooks/use-connect-mode.ts';
import { LinkRating } from './board-card.tsx';
import { CardListRow as Item } from './card-list-row.tsx';
import { abbreviateNumber } from '@assay/domain';

export function EvidenceList(props: {
  projectId: string;
  onOpen: (id: string) => void;
  connect?: ConnectMode | null;
}) {
  const connect = props.connect ?? null;
  const evidence = useEvidence(props.projectId);
  const counts = evidence.data?.counts;
  return (
    <Stack gap="xs">
      {counts ? (
        <Group gap="xs" data-testid="evidence-counts">
          <Badge variant="light">{abbreviateNumber(counts.total)} total</Badge>
          <Badge variant="light" color="orange">
            {abbreviateNumber(counts.new)} new
          </Badge>
          <Badge variant="light" color="gray">
            {abbreviateNumber(counts.viewed)} viewed
          </Badge>
          <Badge variant="light" color="grape">
            {abbreviateNumber(counts.generated)} generated
          </Badge>
        </Group>
      ) : null}
      {evidence.data?.cards.length === 0 ? (
        <Text size="sm" c="dimmed">
          No evidence yet. Log an interview or a post with Add evidence.
        </Text>
      ) : null}
      {(evidence.data?.cards ?? []).map((item) => {
        if (!connect) return <Item key={item.id} item={item} onOpen={props.onOpen} />;
        const link = connect.linkOf(item.id);
        return (
          <Group key={item.id} gap="xs" wrap="nowrap" align="center">
            <Item item={item} onOpen={connect.toggle} pressed={link !== undefined} />
            {link ? (
              <div style={{ width: 190, flexShrink: 0 }}>
                <LinkRating
                  title={item.title}
                  state={{
                    linked: true,
                    rating: link.rating ?? null,
                    source: false,
                    onRate: (rating) => connect.rate(item.id, rating),
                  }}
                />
              </div>
            ) : null}
          </Group>
        );
      })}
    </Stack>
  );
}
