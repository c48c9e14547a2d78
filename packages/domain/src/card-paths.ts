/** Card detail paths, tabs and query parameters (part 2 §2); no dependencies, for the app shell. */

/** Card detail tabs and path types (part 2 §2). */
export const CARD_TABS = [
  'details',
  'connections',
  'development',
  'plan',
  'run',
  'analyze',
  'complete',
  'publicPortal',
  'history',
] as const;
export type CardTab = (typeof CARD_TABS)[number];
export const CARD_PATH_TYPES = [
  'post',
  'hypothesis',
  'idea',
  'interview',
  'evidenceOther',
  'experiment',
  'research',
  'card',
] as const;
export const CARD_QUERY_PARAMS = [
  'cardId',
  'cardTab',
  'comments',
  'sidePanel',
  'connections',
  'connectionsTab',
] as const;

/** The path a card opens on: /{type}/{cardId}/{tab}; product ideas use "idea". */
export function cardPath(
  card: { id: string; type: string; hypothesisType?: string | null },
  tab: CardTab = 'details',
): string {
  const type =
    card.type === 'hypothesis'
      ? card.hypothesisType === 'product'
        ? 'idea'
        : 'hypothesis'
      : (CARD_PATH_TYPES as readonly string[]).includes(card.type)
        ? card.type
        : 'card';
  return `/${type}/${card.id}/${tab}`;
}
