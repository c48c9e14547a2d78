/**
 * Connect mode (#26, part 2 §2): with ?connect={cardId} the canvas links cards to that one —
 * click a hypothesis to connect it (or to disconnect it), rate it on the spot, Escape or Done to
 * leave. Each click shows at once and is put back if the server refuses.
 *
 * What it shows is the server's last answer with the writes still on their way laid over it: an
 * answer read before a write reached the server can land after the click and must not undo it on
 * screen (it did: a quick second click then connected again instead of disconnecting).
 */
import { useHotkeys } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import {
  cardLinksKey,
  connectCard,
  disconnectCard,
  rateConnection,
  useCardLinks,
  type CardLink,
  type CardLinks,
} from '../../../api/connections.ts';
import { toApiError } from '../../../api/errors.ts';
import { queueWrite } from '../../../api/write-queue.ts';
import { cardViewKeys, queryKeys } from '../../../api/query-keys.ts';
import { showAlert } from '../../../ui/alerts.ts';

export interface ConnectMode {
  sourceId: string;
  source: CardLinks | undefined;
  linkOf(cardId: string): CardLink | undefined;
  toggle(cardId: string): void;
  rate(cardId: string, rating: number | null): void;
  leave(): void;
}

interface PendingChange {
  id: number;
  apply: (links: CardLink[]) => CardLink[];
}

// The writes not yet answered, per card being connected, each as what it does to the list, in the
// order they were made — shared by the canvas and the evidence list beside it.
const pendingBySource = new Map<string, readonly PendingChange[]>();
const listeners = new Set<() => void>();
const NONE: readonly PendingChange[] = [];
let lastChange = 0;

function setPendingOf(sourceId: string, changes: readonly PendingChange[]) {
  if (changes.length) pendingBySource.set(sourceId, changes);
  else pendingBySource.delete(sourceId);
  for (const listener of listeners) listener();
}

function addPending(sourceId: string, apply: PendingChange['apply']): number {
  const id = ++lastChange;
  setPendingOf(sourceId, [...(pendingBySource.get(sourceId) ?? NONE), { id, apply }]);
  return id;
}

function removePending(sourceId: string, id: number) {
  setPendingOf(
    sourceId,
    (pendingBySource.get(sourceId) ?? NONE).filter((c) => c.id !== id),
  );
}

function usePendingChanges(sourceId: string | null): readonly PendingChange[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (sourceId ? (pendingBySource.get(sourceId) ?? NONE) : NONE),
  );
}

export function useConnectMode(): ConnectMode | null {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const sourceId = params.get('connect');
  const links = useCardLinks(sourceId);
  const leave = useCallback(
    () =>
      setParams((p) => {
        p.delete('connect');
        // Connecting from the evidence list: the list closes with the mode.
        p.delete('activity');
        return p;
      }),
    [setParams],
  );
  // Escape leaves from anywhere but a text field (a card's rating select included).
  useHotkeys(sourceId ? [['Escape', leave]] : [], ['INPUT', 'TEXTAREA']);
  // A link made a moment ago has its real id once its answer is in: a quick second click (to
  // disconnect, or a rating) waits its turn and uses that id.
  const madeIds = useRef(new Map<string, string>());
  const pending = usePendingChanges(sourceId);

  return useMemo(() => {
    if (!sourceId) return null;
    const key = cardLinksKey(sourceId);
    const source = links.data
      ? {
          ...links.data,
          links: pending.reduce((all, change) => change.apply(all), links.data.links),
        }
      : undefined;
    const byCard = new Map((source?.links ?? []).map((l) => [l.cardId, l]));
    const change = (
      apply: (links: CardLink[]) => CardLink[],
      run: () => Promise<unknown>,
      otherId: string,
    ) => {
      const id = addPending(sourceId, apply);
      queueWrite(`connect:${sourceId}`, run)
        .catch((error: unknown) => {
          showAlert({ type: 'warning', message: toApiError(error).message });
        })
        .finally(() => {
          // The answer read next includes this write (an older read still on its way is
          // cancelled by this one), so the overlay can go.
          void queryClient.invalidateQueries({ queryKey: key }).finally(() => {
            removePending(sourceId, id);
          });
          for (const id of [sourceId, otherId])
            void queryClient.invalidateQueries({ queryKey: queryKeys.card(id) });
          // Counts and confidence on the boards follow.
          for (const view of cardViewKeys) void queryClient.invalidateQueries({ queryKey: view });
        });
    };
    const idOf = (cardId: string, link: CardLink) =>
      link.connectionId.startsWith('pending-')
        ? (madeIds.current.get(cardId) ?? link.connectionId)
        : link.connectionId;
    return {
      sourceId,
      source,
      linkOf: (cardId) => byCard.get(cardId),
      toggle: (cardId) => {
        if (cardId === sourceId) return;
        const link = byCard.get(cardId);
        if (link) {
          change(
            (all) => all.filter((l) => l.cardId !== cardId),
            () => disconnectCard(sourceId, idOf(cardId, link)),
            cardId,
          );
        } else {
          change(
            (all) =>
              all.some((l) => l.cardId === cardId)
                ? all
                : [...all, { connectionId: `pending-${cardId}`, cardId, rating: null }],
            async () => {
              const made = (await connectCard(sourceId, cardId)) as {
                connection?: { id?: string };
              };
              if (made.connection?.id) madeIds.current.set(cardId, made.connection.id);
            },
            cardId,
          );
        }
      },
      rate: (cardId, rating) => {
        const link = byCard.get(cardId);
        if (!link) return;
        change(
          (all) => all.map((l) => (l.cardId === cardId ? { ...l, rating } : l)),
          () => rateConnection(sourceId, idOf(cardId, link), rating),
          cardId,
        );
      },
      leave,
    };
  }, [sourceId, links.data, pending, queryClient, leave]);
}
