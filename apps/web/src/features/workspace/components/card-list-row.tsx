/** One card in a list (feed, drafts, search, evidence): title, kind, author, date. */
import { Group, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CardListItem } from '../api/lists.ts';

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
}) {
  const { item } = props;
  return (
    <UnstyledButton
      onClick={() => props.onOpen(item.id)}
      data-testid="list-item"
      p={6}
      style={{ borderRadius: 6, border: '1px solid var(--mantine-color-gray-3)' }}
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
        {` · ${new Date(item.publishedAt ?? item.updatedAt).toLocaleDateString()}`}
      </Text>
    </UnstyledButton>
  );
}
