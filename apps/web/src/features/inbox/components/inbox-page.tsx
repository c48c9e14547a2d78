/**
 * /inbox/: the member's inbox (mentions, assignments) and notifications (comments on their cards,
 * phase changes), newest first; mark one read (the unread count drops by one), mark all read,
 * favourite one, and open what it is about.
 */
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Tabs,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import {
  favoriteNotification,
  markRead,
  savePreferences,
  useNotifications,
  usePreferences,
  useProjectChoices,
  type Notification,
} from '../api/notifications.ts';

const ACTION_TEXT: Record<Notification['action'], string> = {
  mention: 'mentioned you on',
  comment: 'commented on',
  assignment: 'assigned you to',
  phase: 'moved',
  invitation: 'invited you to',
  review: 'reviewed',
  request: 'asks the owners for',
};

function Row(props: { item: Notification; onChanged: () => void }) {
  const { item } = props;
  const [, setParams] = useSearchParams();
  const navigate = useNavigate();
  const run = (work: () => Promise<unknown>) =>
    void work()
      .then(props.onChanged)
      .catch((error: unknown) =>
        showAlert({ type: 'warning', message: toApiError(error).message }),
      );
  const open = () => {
    if (!item.read) run(() => markRead(item.id));
    // A member's request for a limit or a feature: the plans that lift it are in Billing.
    if (item.action === 'request') void navigate('/settings/billing');
    else if (item.subjectType === 'card' && item.subjectId)
      setParams((p) => {
        p.set('cardId', item.subjectId as string);
        // A mention or a comment opens on the comments (part 2 §2).
        if (item.action === 'mention' || item.action === 'comment') p.set('comments', 'true');
        return p;
      });
  };
  const actor = item.actor ? `${item.actor.firstName} ${item.actor.lastName}`.trim() : 'Someone';
  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      data-testid="notification"
      data-read={item.read}
      bg={item.read ? undefined : 'var(--mantine-color-blue-light)'}
    >
      <Group justify="space-between" wrap="nowrap">
        {/* A button, so the keyboard and screen readers open it too (#32). */}
        <UnstyledButton
          onClick={open}
          style={{ flex: 1, minWidth: 0 }}
          data-testid="open-notification"
        >
          <Text size="sm">
            <b>{actor}</b> {ACTION_TEXT[item.action]} <b>{item.title || 'a card'}</b>
          </Text>
          <Text size="xs" c="dimmed">
            {new Date(item.createdAt).toLocaleString()}
          </Text>
        </UnstyledButton>
        <Group gap={4} wrap="nowrap">
          {!item.read ? (
            <Button size="compact-xs" variant="subtle" onClick={() => run(() => markRead(item.id))}>
              Mark read
            </Button>
          ) : null}
          <ActionIcon
            variant="subtle"
            aria-label={item.isFavorite ? 'Remove from favorites' : 'Add to favorites'}
            aria-pressed={item.isFavorite}
            onClick={() => run(() => favoriteNotification(item.id, !item.isFavorite))}
          >
            {item.isFavorite ? '★' : '☆'}
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}

function Section(props: { section: 'inbox' | 'notifications' | null; favorites?: boolean }) {
  const queryClient = useQueryClient();
  const list = useNotifications(props.section, props.favorites ?? false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['notifications'] });
  if (list.isError) return <Alert color="red">{toApiError(list.error).message}</Alert>;
  if (!list.data) return <Loader aria-label="Loading notifications" />;
  if (list.data.notifications.length === 0)
    return (
      <Text c="dimmed" size="sm">
        Nothing here yet.
      </Text>
    );
  return (
    <Stack gap={6}>
      {list.data.notifications.map((n) => (
        <Row key={n.id} item={n} onChanged={refresh} />
      ))}
    </Stack>
  );
}

function Preferences() {
  const queryClient = useQueryClient();
  const [projectId, setProjectId] = useState<string | null>(null);
  const projects = useProjectChoices();
  const preferences = usePreferences(projectId);
  const save = (change: Partial<{ frequency: string; email: boolean }>) => {
    if (!preferences.data) return;
    void savePreferences(
      { frequency: preferences.data.frequency, email: preferences.data.email, ...change },
      projectId,
    )
      .then(() => queryClient.invalidateQueries({ queryKey: ['notification-preferences'] }))
      .catch((error: unknown) =>
        showAlert({ type: 'warning', message: toApiError(error).message }),
      );
  };
  return (
    <Paper withBorder p="sm" radius="md" data-testid="notification-preferences">
      <Group gap="lg" align="flex-end">
        <Select
          size="xs"
          label="Preferences for"
          w={220}
          allowDeselect={false}
          value={projectId ?? 'organization'}
          data={[
            { value: 'organization', label: 'The whole organization' },
            ...(projects.data ?? []).map((p) => ({ value: p.id, label: p.name })),
          ]}
          onChange={(value) => setProjectId(!value || value === 'organization' ? null : value)}
        />
        {preferences.data ? (
          <>
            <SegmentedControl
              size="xs"
              aria-label="How often"
              value={preferences.data.frequency}
              data={[
                { value: 'immediately', label: 'Immediately' },
                { value: 'daily', label: 'Daily digest' },
              ]}
              onChange={(frequency) => save({ frequency })}
            />
            <Switch
              label="Also by email"
              checked={preferences.data.email}
              onChange={(e) => save({ email: e.currentTarget.checked })}
            />
            {projectId && preferences.data.inherited ? (
              <Text size="xs" c="dimmed">
                As for the whole organization until you change it here.
              </Text>
            ) : null}
          </>
        ) : null}
      </Group>
    </Paper>
  );
}

export function InboxPage() {
  const queryClient = useQueryClient();
  const all = useNotifications(null);
  const unread = all.data?.unreadCount ?? 0;
  return (
    <Stack p="md" gap="md" maw={900}>
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={2}>Inbox</Title>
          <Badge color={unread ? 'red' : 'gray'} data-testid="inbox-unread">
            {unread} unread
          </Badge>
        </Group>
        <Button
          size="xs"
          variant="default"
          disabled={unread === 0}
          onClick={() =>
            void markRead(null)
              .then(() => queryClient.invalidateQueries({ queryKey: ['notifications'] }))
              .catch((error: unknown) =>
                showAlert({ type: 'warning', message: toApiError(error).message }),
              )
          }
        >
          Mark all read
        </Button>
      </Group>
      <Preferences />
      <Tabs defaultValue="inbox" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="inbox">Inbox</Tabs.Tab>
          <Tabs.Tab value="notifications">Notifications</Tabs.Tab>
          <Tabs.Tab value="favorites">Favorites</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="inbox" pt="sm">
          <Section section="inbox" />
        </Tabs.Panel>
        <Tabs.Panel value="notifications" pt="sm">
          <Section section="notifications" />
        </Tabs.Panel>
        <Tabs.Panel value="favorites" pt="sm">
          <Section section={null} favorites />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
