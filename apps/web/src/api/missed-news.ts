/**
 * News a screen may have missed before its channel listened (#28): a page reads its data, then
 * its channel subscribes, and the server listens only once it has checked the session. A channel
 * whose news has a record (a project's events, a member's notifications) says on subscribing when
 * its newest news was made; the screen reads again only if that may be newer than its data.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { RealtimeEvent } from './realtime.ts';

/**
 * How much earlier than its answer came the server may have read a screen's data (the request's
 * own time) or begun the transaction of news recorded after it.
 */
export const MISSED_MARGIN_MS = 5_000;

/**
 * Whether a screen whose oldest data came in at `oldestDataAt` (this tab's clock) may have missed
 * news before its channel listened: the channel's newest news, as it said on subscribing (the
 * server's clock), is not clearly older than that data. No data yet, or a channel that says
 * nothing, is nothing missed.
 */
export function mayHaveMissed(
  subscribed: RealtimeEvent,
  oldestDataAt: number | null,
  now: number = Date.now(),
): boolean {
  const last = subscribed.changes?.lastEventAt;
  if (typeof last !== 'string' || oldestDataAt === null) return false;
  // When that data came, on the server's clock: it was `at` there when it said it listened.
  const dataAt = Date.parse(subscribed.at) - (now - oldestDataAt);
  return Date.parse(last) >= dataAt - MISSED_MARGIN_MS;
}

/**
 * When this tab's oldest data among the queries `matches` picks came in; a read still on its way
 * counts as now (the server may have read it before the channel listened). Null when it holds none.
 */
export function oldestDataWhere(
  queryClient: QueryClient,
  matches: (key: QueryKey) => boolean,
  now: number = Date.now(),
): number | null {
  let oldest: number | null = null;
  for (const query of queryClient.getQueryCache().getAll()) {
    if (!matches(query.queryKey)) continue;
    const at = query.state.fetchStatus === 'fetching' ? now : query.state.dataUpdatedAt;
    if (at > 0 && (oldest === null || at < oldest)) oldest = at;
  }
  return oldest;
}
