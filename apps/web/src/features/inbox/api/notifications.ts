/** Notifications: the list by section with the unread count, marking read, favourites, live updates. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { gatewayRequest } from '../../../api/gateway.ts';
import { subscribe } from '../../../api/realtime.ts';
import { restRequest } from '../../../api/rest.ts';

export interface Notification {
  id: string;
  action: 'mention' | 'comment' | 'assignment' | 'phase' | 'invitation';
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

export const useNotifications = (section: string | null, favorites = false) =>
  useQuery({
    queryKey: notificationsKey(section, favorites),
    queryFn: () =>
      gatewayRequest<{ notifications: { unreadCount: number; notifications: Notification[] } }>(
        `query Notifications($s: String, $f: Boolean) { notifications(section: $s, favorites: $f) {
          unreadCount notifications { id action section read isFavorite projectId subjectType subjectId
            title createdAt actor { profileId firstName lastName } } } }`,
        { s: section, f: favorites },
      ).then((d) => d.notifications),
  });

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

/** While signed in to an organisation, new notifications refresh the counts and lists at once. */
export function useLiveInbox() {
  const boot = useBootstrap();
  const queryClient = useQueryClient();
  const profileId = boot.data?.membership?.profileId;
  useEffect(() => {
    if (!profileId) return;
    return subscribe(`i${profileId}`, () => {
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

export const usePreferences = () =>
  useQuery({
    queryKey: ['notification-preferences'],
    queryFn: () => restRequest<NotificationPreferences>('/api/notification/preferences'),
  });

export const savePreferences = (preferences: { frequency: string; email: boolean }) =>
  restRequest<NotificationPreferences>('/api/notification/preferences', {
    method: 'PUT',
    body: preferences,
  });
