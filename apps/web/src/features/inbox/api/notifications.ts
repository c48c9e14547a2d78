/** Notifications: the list by section with the unread count, marking read, favourites, live updates. */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { gatewayRequest } from '../../../api/gateway.ts';
import { mayHaveMissed, oldestDataWhere } from '../../../api/missed-news.ts';
import { subscribe } from '../../../api/realtime.ts';
import { restRequest } from '../../../api/rest.ts';

export interface Notification {
  id: string;
  action: 'mention' | 'comment' | 'assignment' | 'phase' | 'invitation' | 'review' | 'request';
  section: 'inbox' | 'notifications';
  read: boolean;
  isFavorite: boolean;
  actor: { profileId: string; firstName: string; lastName: string } | null;
  projectId: string | null;
  subjectType: string | null;
  subjectId: string | null;
  title: string;
  createdAt: string;
}

export const notificationsKey = (section: string | null, favorites = false) =>
  ['notifications', section ?? 'all', favorites] as const;

export const notificationsQueryOptions = (section: string | null, favorites = false) =>
  queryOptions({
    queryKey: notificationsKey(section, favorites),
    queryFn: () =>
      gatewayRequest<{ notifications: { unreadCount: number; notifications: Notification[] } }>(
        `query Notifications($s: String, $f: Boolean) { notifications(section: $s, favorites: $f) {
          unreadCount notifications { id action section read isFavorite projectId subjectType subjectId
            title createdAt actor { profileId firstName lastName } } } }`,
        { s: section, f: favorites },
      ).then((d) => d.notifications),
  });

export const useNotifications = (section: string | null, favorites = false) =>
  useQuery(notificationsQueryOptions(section, favorites));

export const markRead = (id: string | null) =>
  restRequest<{ unreadCount: number }>(
    id ? `/api/notification/glance/${id}` : '/api/notification/glance',
    { method: 'PUT', body: {} },
  );

export const favoriteNotification = (id: string, favorite: boolean) =>
  gatewayRequest(
    'mutation Favorite($id: ID!, $f: Boolean!) { favoriteNotification(id: $id, favorite: $f) { id } }',
    { id, f: favorite },
  );

/**
 * While signed in to an organisation, new notifications refresh the counts and lists at once. When
 * the channel first listens, the inbox is read again only if a notification may have come after
 * it was read (the channel says when the newest was made): not on every page load.
 */
export function useLiveInbox() {
  const boot = useBootstrap();
  const queryClient = useQueryClient();
  const profileId = boot.data?.membership?.profileId;
  useEffect(() => {
    if (!profileId) return;
    return subscribe(`i${profileId}`, (event) => {
      if (
        event.event === 'realtime.subscribed' &&
        !mayHaveMissed(
          event,
          oldestDataWhere(queryClient, ([head]) => head === 'notifications'),
        )
      )
        return;
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    });
  }, [profileId, queryClient]);
}

export interface NotificationPreferences {
  projectId: string | null;
  frequency: 'immediately' | 'daily';
  email: boolean;
  inherited: boolean;
}

const preferencesUrl = (projectId: string | null) =>
  projectId
    ? `/api/notification/projects/${projectId}/preferences`
    : '/api/notification/preferences';

/** The organisation's preferences, or a project's (falling back to the organisation's). */
export const usePreferences = (projectId: string | null = null) =>
  useQuery({
    queryKey: ['notification-preferences', projectId ?? 'organization'],
    queryFn: () => restRequest<NotificationPreferences>(preferencesUrl(projectId)),
  });

export const savePreferences = (
  preferences: { frequency: string; email: boolean },
  projectId: string | null = null,
) =>
  restRequest<NotificationPreferences>(preferencesUrl(projectId), {
    method: 'PUT',
    body: preferences,
  });

/** The projects the member sees, to choose one's own preferences. */
export const useProjectChoices = () =>
  useQuery({
    queryKey: ['notification-preferences', 'projects'],
    queryFn: () =>
      gatewayRequest<{ projects: { projects: { id: string; name: string }[] } }>(
        '{ projects { projects { id name } } }',
      ).then((d) => d.projects.projects),
  });
