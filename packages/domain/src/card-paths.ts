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

/** The tabs a link may name by another word: "test" is the Run tab (part 2 §2). */
const CARD_TAB_ALIASES: Record<string, CardTab> = { test: 'run' };
export const CONNECTION_LISTS = ['evidence', 'hypothesis', 'experiments'] as const;
export type ConnectionList = (typeof CONNECTION_LISTS)[number];

/** Where a card link opens (part 2 §2): the tab, the connections list, the comments, the help. */
export interface CardLinkTarget {
  tab: CardTab | null;
  connectionsTab: ConnectionList | null;
  comments: boolean;
  help: boolean;
}

const isOn = (value: string | null) => value !== null && value !== 'false' && value !== '0';

/**
 * Reads a card link's query parameters: cardTab (or "test"), sidePanel (help, connections or
 * comments), connections, connectionsTab and comments. Asking for connections — by the side panel,
 * the flag or a list — opens the Connections tab; unknown values are ignored.
 */
export function cardLinkTarget(get: (name: string) => string | null): CardLinkTarget {
  const rawTab = get('cardTab');
  const named =
    rawTab && (CARD_TABS as readonly string[]).includes(rawTab)
      ? (rawTab as CardTab)
      : rawTab
        ? (CARD_TAB_ALIASES[rawTab] ?? null)
        : null;
  const sidePanel = get('sidePanel');
  const list = get('connectionsTab');
  const connectionsTab = (CONNECTION_LISTS as readonly string[]).includes(list ?? '')
    ? (list as ConnectionList)
    : null;
  const wantsConnections =
    sidePanel === 'connections' || isOn(get('connections')) || connectionsTab !== null;
  return {
    tab: wantsConnections ? 'connections' : named,
    connectionsTab,
    comments: sidePanel === 'comments' || isOn(get('comments')),
    help: sidePanel === 'help',
  };
}
