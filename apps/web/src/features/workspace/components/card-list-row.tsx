/** One card in a list (feed, drafts, search, evidence): title, kind, author, date. */
import { Group, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CardListItem } from '../api/lists.ts';
import { formatWhen } from '@assay/domain';

const TYPE_NAMES: Record<string, string> = {
  post: 'Post',
  interview: 'Interview',
  evidenceOther: 'Evidence',
  intercom: 'Customer chat',
  experiment: 'Experiment',
};

export function CardListRow(props: {
  item: CardListItem;
  onOpen: (id: string) => void;
  extra?: ReactNode;
  /** In connect mode: whether it is linked to the card being connected. */
  pressed?: boolean | undefined;
}) {
  const { item } = props;
  return (
    <UnstyledButton
      onClick={() => props.onOpen(item.id)}
      aria-pressed={props.pressed}
      data-testid="list-item"
      p={6}
      style={{
        borderRadius: 6,
        flex: 1,
        border: props.pressed
          ? '2px solid var(--mantine-color-blue-filled)'
          : '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap={4}>
        <Text size="sm" lineClamp={2} fw={item.viewed ? 400 : 600}>
          {item.templateName ?? (item.title || 'Untitled draft')}
        </Text>
        {props.extra}
      </Group>
      <Text size="xs" c="dimmed">
        {item.hypothesisType === 'product'
          ? 'Product idea'
          : item.type === 'hypothesis'
            ? 'Business hypothesis'
            : (TYPE_NAMES[item.type] ?? item.type)}
        {item.createdBy ? ` · ${item.createdBy.firstName} ${item.createdBy.lastName}` : ''}
        {` · ${formatWhen(item.publishedAt ?? item.updatedAt)}`}
      </Text>
    </UnstyledButton>
  );
}
