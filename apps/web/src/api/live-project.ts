/**
 * Keeps what a project's screens show current from its realtime channel: card, connection and
 * comment events refresh the boards, lists and the card itself. An event the tab already knows
 * (its own write) or older than its copy of the card is ignored; after a reconnection everything
 * of the project is refetched, and so it is when the channel first listens if the project's newest
 * event may have come after the screen's data was read (it would have missed it).
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useBootstrap } from './bootstrap.ts';
import { generationKeys } from './generation.ts';
import { CLIENT_ID } from './http.ts';
import { portalKeys } from './portal.ts';
import { cardViewKeys, queryKeys } from './query-keys.ts';
import { mayHaveMissed, oldestDataWhere } from './missed-news.ts';
import { subscribe, type RealtimeEvent } from './realtime.ts';

const LIVE_NAMESPACES = ['cards', 'connections', 'comments', 'generation', 'portal', 'reviews'];

/** Whether an event changes what the client holds of a card at `knownVersion`. */
export function isNewsFor(
  event: RealtimeEvent,
  options: { clientId: string; knownVersion: number | null },
): boolean {
  const namespace = event.event.split('.')[0] ?? '';
  if (!LIVE_NAMESPACES.includes(namespace)) return event.event === 'realtime.reconnected';
  // This tab's own write is already on screen (the same person's other tabs still hear it).
  if (event.clientId && event.clientId === options.clientId) return false;
  const version = typeof event.changes?.version === 'number' ? event.changes.version : null;
  if (version !== null && options.knownVersion !== null && options.knownVersion >= version)
    return false;
  return true;
}

/**
 * When this tab's oldest data of the project came in; a read still on its way counts as now (the
 * server may have read it before the channel listened). Null when the tab holds none.
 */
export function oldestDataOf(
  queryClient: QueryClient,
  projectId: string,
  now: number = Date.now(),
): number | null {
  return oldestDataWhere(
    queryClient,
    ([head, id]) => id === projectId && cardViewKeys.some(([key]) => key === head),
    now,
  );
}

function refresh(queryClient: QueryClient, event: RealtimeEvent) {
  // The agent's progress: its status moves at every stage; what it wrote lands with success.
  if (event.event.startsWith('generation.')) {
    void queryClient.invalidateQueries({ queryKey: generationKeys.all });
    if (event.event !== 'generation.success') return;
  }
  // Portal changes (board, sections, public cards) refresh the portal's screens only.
  if (event.event.startsWith('portal.')) {
    void queryClient.invalidateQueries({ queryKey: portalKeys.all });
    return;
  }
  if (event.event.startsWith('comments.') && event.subjectId)
    void queryClient.invalidateQueries({ queryKey: ['comments', event.subjectId] });
  if (event.subjectType === 'card' && event.subjectId)
    void queryClient.invalidateQueries({ queryKey: queryKeys.card(event.subjectId) });
  // A connection made, re-rated or removed changes both cards' lists and a hypothesis's confidence.
  if (event.subjectType === 'connection' && Array.isArray(event.changes?.cards))
    for (const cardId of event.changes.cards)
      if (typeof cardId === 'string')
        void queryClient.invalidateQueries({ queryKey: queryKeys.card(cardId) });
  for (const key of cardViewKeys) void queryClient.invalidateQueries({ queryKey: key });
}

/**
 * Subscribes the screen to its project's channel while it is open, once the page knows someone is
 * signed in: a signed-out visit on its way to the sign-in page opens no socket that would fail.
 */
export function useLiveProject(projectId: string | null | undefined) {
  const queryClient = useQueryClient();
  const signedIn = !!useBootstrap().data?.user;
  useEffect(() => {
    if (!signedIn || !projectId || !/^[0-9a-f-]{36}$/i.test(projectId)) return;
    return subscribe(`p${projectId}`, (event) => {
      if (event.event === 'realtime.subscribed') {
        if (mayHaveMissed(event, oldestDataOf(queryClient, projectId)))
          refresh(queryClient, { ...event, event: 'realtime.reconnected' });
        return;
      }
      const known =
        event.subjectType === 'card' && event.subjectId
          ? (queryClient.getQueryData<{ version: number }>(queryKeys.card(event.subjectId))
              ?.version ?? null)
          : null;
      if (isNewsFor(event, { clientId: CLIENT_ID, knownVersion: known }))
        refresh(queryClient, event);
    });
  }, [projectId, queryClient, signedIn]);
}
