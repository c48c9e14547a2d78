/**
 * Connections between cards (part 2 §4): connect, disconnect and rate — used by a card's
 * Connections tab and by connect mode on the canvas (#26) — and a card's links, for connect mode;
 * and a card's tags, which the canvas also sets on several cards at once.
 */
import { useQuery } from '@tanstack/react-query';
import { queueUnversionedCardWrite } from './card-writes.ts';
import { gatewayRequest } from './gateway.ts';
import { restRequest } from './rest.ts';

export const connectCard = (cardId: string, otherId: string) =>
  restRequest(`/api/canvas/cards/${cardId}/connections`, {
    method: 'POST',
    body: { connection: { cardId: otherId } },
  });

export const disconnectCard = (cardId: string, connectionId: string) =>
  restRequest(`/api/canvas/cards/${cardId}/connections/${connectionId}`, { method: 'DELETE' });

export const rateConnection = (cardId: string, connectionId: string, rating: number | null) =>
  restRequest(`/api/canvas/cards/${cardId}/connections/${connectionId}/rating`, {
    method: 'PUT',
    body: { rating },
  });

/** Adds or removes a tag; it waits its turn among the card's writes (a tag moves the version). */
export const setCardTag = <T extends { version: number }>(
  cardId: string,
  tag: string,
  add: boolean,
) =>
  queueUnversionedCardWrite(cardId, () =>
    restRequest<T>(`/api/canvas/cards/${cardId}/tags/${encodeURIComponent(tag)}`, {
      method: add ? 'POST' : 'DELETE',
    }),
  );

export interface CardLink {
  connectionId: string;
  cardId: string;
  rating: number | null;
}

export interface CardLinks {
  id: string;
  title: string;
  type: string;
  projectId: string;
  links: CardLink[];
}

const LINKS = /* GraphQL */ `
  query CardLinks($id: ID!) {
    card(cardId: $id) {
      id
      title
      type
      projectId
      associations {
        hypothesis {
          connectionId
          cardId
          rating
        }
        evidence {
          connectionId
          cardId
          rating
        }
        experiments {
          connectionId
          cardId
          rating
        }
      }
    }
  }
`;

export const cardLinksKey = (cardId: string) => ['card-links', cardId] as const;

/** A card and everything connected to it, with the ratings. */
export function useCardLinks(cardId: string | null) {
  return useQuery({
    queryKey: cardLinksKey(cardId ?? ''),
    enabled: !!cardId,
    queryFn: async (): Promise<CardLinks> => {
      const data = await gatewayRequest<{
        card: Omit<CardLinks, 'links'> & { associations: Record<string, CardLink[]> };
      }>(LINKS, { id: cardId });
      const { associations, ...card } = data.card;
      return { ...card, links: Object.values(associations).flat() };
    },
  });
}
