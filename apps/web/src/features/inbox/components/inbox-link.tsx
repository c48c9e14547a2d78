/** The header's inbox link with the unread count, kept current from the member's inbox channel. */
import { Anchor, Badge, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useLiveInbox, useNotifications } from '../api/notifications.ts';
import { abbreviateNumber } from '@assay/domain';

export function InboxLink() {
  useLiveInbox();
  const all = useNotifications(null);
  const unread = all.data?.unreadCount ?? 0;
  return (
    <Anchor component={Link} to="/inbox/" size="sm" aria-label={`Inbox, ${unread} unread`}>
      <Group gap={4}>
        Inbox
        {unread > 0 ? (
          <Badge size="sm" color="red" data-testid="unread-count">
            {abbreviateNumber(unread)}
          </Badge>
        ) : null}
      </Group>
    </Anchor>
  );
}
