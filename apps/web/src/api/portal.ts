/**
 * The public portal's gateway operations, shared by the portal management screen and the card's
 * public-portal tab: the board with its categories, sections and public cards, and the changes
 * to each. Board changes answer the whole board, which replaces the cached copy.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  moveCardCount,
  type PortalColor,
  type PublicCardAction,
  type PublicCardContent,
  type ShareSetting,
} from '@assay/domain';
import { gatewayRequest } from './gateway.ts';
import { restRequest } from './rest.ts';
import { uploadFile } from './uploads.ts';

export interface PublicCard {
  id: string;
  cardId: string;
  boardId: string;
  categoryId: string;
  section: string;
  rank: string;
  draft: PublicCardContent;
  live: PublicCardContent | null;
  isLive: boolean;
  hasDraftChanges: boolean;
  version: number;
  publishedAt: string | null;
  updatedAt: string;
  hypothesisTitle: string;
  connectionCount: number;
}

export interface PublicSection {
  key: string;
  name: string;
  color: PortalColor;
  isDefault: boolean;
  isProtected: boolean;
  rank: string;
  cardTotal: number;
}

export interface PublicCategory {
  id: string;
  name: string;
  color: PortalColor;
  rank: string;
}

export interface PublicBoardState {
  board: {
    id: string;
    projectId: string;
    name: string;
    link: string;
    shareSetting: ShareSetting;
    image: string | null;
    imageMediaId: string | null;
    updatedBy: { profileId: string; firstName: string; lastName: string } | null;
    updatedAt: string;
  };
  categories: PublicCategory[];
  sections: PublicSection[];
  cards: PublicCard[];
  abilities: { manage: boolean; publish: boolean };
}

export interface PublicCardOfHypothesis {
  boardId: string;
  link: string;
  shareSetting: ShareSetting;
  publicCard: PublicCard | null;
  canPublish: boolean;
}

const CONTENT = 'title description summary images figma { url name }';
const CARD = `id cardId boardId categoryId section rank isLive hasDraftChanges version publishedAt updatedAt
  hypothesisTitle connectionCount draft { ${CONTENT} } live { ${CONTENT} }`;
const STATE = `board { id projectId name link shareSetting image imageMediaId updatedAt
    updatedBy { profileId firstName lastName } }
  categories { id name color rank }
  sections { key name color isDefault isProtected rank cardTotal }
  cards { ${CARD} }
  abilities { manage publish }`;

export const portalKeys = {
  all: ['portal'] as const,
  board: (projectId: string) => ['portal', 'board', projectId] as const,
  card: (cardId: string) => ['portal', 'card', cardId] as const,
};

export function usePublicBoard(projectId: string) {
  return useQuery({
    queryKey: portalKeys.board(projectId),
    queryFn: async () =>
      (
        await gatewayRequest<{ publicBoard: PublicBoardState | null }>(
          `query PublicBoard($p: ID!) { publicBoard(projectId: $p) { ${STATE} } }`,
          { p: projectId },
          { projectId },
        )
      ).publicBoard,
    retry: false,
    // Shown in place (plan or setting without the portal), not as a redirect.
    meta: { customErrorHandler: true },
  });
}

export function usePublicCardOf(cardId: string) {
  return useQuery({
    queryKey: portalKeys.card(cardId),
    queryFn: async () =>
      (
        await gatewayRequest<{ publicCard: PublicCardOfHypothesis }>(
          `query PublicCardOf($c: ID!) { publicCard(cardId: $c) { boardId link shareSetting canPublish publicCard { ${CARD} } } }`,
          { c: cardId },
        )
      ).publicCard,
    retry: false,
    // Shown in place (plan or setting without the portal), not as a redirect.
    meta: { customErrorHandler: true },
  });
}

/** Runs a board change and puts the board it answers in the cache. */
async function boardChange(
  client: QueryClient,
  projectId: string,
  name: string,
  signature: string,
  call: string,
  variables: Record<string, unknown>,
) {
  const data = await gatewayRequest<Record<string, PublicBoardState>>(
    `mutation ${name[0]?.toUpperCase()}${name.slice(1)}(${signature}) { ${name}(${call}) { ${STATE} } }`,
    variables,
    { projectId },
  );
  const state = data[name] as PublicBoardState;
  client.setQueryData(portalKeys.board(projectId), state);
  return state;
}

const withInput = (name: string) => (client: QueryClient, projectId: string, input: object) =>
  boardChange(client, projectId, name, '$i: JSON!', 'input: $i', { i: input });

export const portalApi = {
  createBoard: (
    client: QueryClient,
    input: { projectId: string; name: string; link: string; shareSetting: ShareSetting },
  ) => withInput('createPublicBoard')(client, input.projectId, input),
  updateBoard: (
    client: QueryClient,
    projectId: string,
    input: { boardId: string; name?: string; link?: string; shareSetting?: ShareSetting },
  ) => withInput('updatePublicBoard')(client, projectId, input),
  async deleteBoard(client: QueryClient, projectId: string, boardId: string) {
    await gatewayRequest('mutation DeletePublicBoard($b: ID!) { deletePublicBoard(boardId: $b) }', {
      b: boardId,
    });
    client.setQueryData(portalKeys.board(projectId), null);
  },
  createCategory: (
    client: QueryClient,
    projectId: string,
    input: { boardId: string; name: string; color: PortalColor },
  ) => withInput('createPublicCategory')(client, projectId, input),
  updateCategory: (
    client: QueryClient,
    projectId: string,
    input: { categoryId: string; name?: string; color?: PortalColor },
  ) => withInput('updatePublicCategory')(client, projectId, input),
  deleteCategory: (client: QueryClient, projectId: string, categoryId: string) =>
    boardChange(client, projectId, 'deletePublicCategory', '$c: ID!', 'categoryId: $c', {
      c: categoryId,
    }),
  reorderCategories: (client: QueryClient, projectId: string, boardId: string, ids: string[]) =>
    boardChange(
      client,
      projectId,
      'reorderPublicCategories',
      '$b: ID!, $ids: [ID!]!',
      'boardId: $b, categoryIds: $ids',
      { b: boardId, ids },
    ),
  createSection: (
    client: QueryClient,
    projectId: string,
    input: { boardId: string; name: string; color: PortalColor; isDefault?: boolean },
  ) => withInput('createPublicSection')(client, projectId, input),
  updateSection: (
    client: QueryClient,
    projectId: string,
    input: {
      boardId: string;
      key: string;
      name?: string;
      color?: PortalColor;
      isDefault?: true;
      isProtected?: boolean;
    },
  ) => withInput('updatePublicSection')(client, projectId, input),
  deleteSection: (client: QueryClient, projectId: string, boardId: string, key: string) =>
    boardChange(
      client,
      projectId,
      'deletePublicSection',
      '$b: ID!, $k: String!',
      'boardId: $b, key: $k',
      { b: boardId, k: key },
    ),
  reorderSections: (client: QueryClient, projectId: string, boardId: string, keys: string[]) =>
    boardChange(
      client,
      projectId,
      'reorderPublicSections',
      '$b: ID!, $k: [String!]!',
      'boardId: $b, keys: $k',
      { b: boardId, k: keys },
    ),
  async uploadBoardImage(
    client: QueryClient,
    projectId: string,
    boardId: string,
    file: File,
    onProgress: (percent: number) => void,
  ) {
    const key = await uploadFile(
      file,
      { collection: 'publicBoard', locationId: boardId },
      onProgress,
    );
    await restRequest(`/api/org/public-boards/${boardId}/media`, { method: 'POST', body: { key } });
    await client.invalidateQueries({ queryKey: portalKeys.board(projectId) });
  },
  async removeBoardImage(client: QueryClient, projectId: string, boardId: string, mediaId: string) {
    await restRequest(`/api/org/public-boards/${boardId}/media/${mediaId}`, { method: 'DELETE' });
    await client.invalidateQueries({ queryKey: portalKeys.board(projectId) });
  },
};

/** Saves, publishes or unpublishes a hypothesis's public card. */
export async function savePublicCard(
  client: QueryClient,
  input: {
    cardId: string;
    version?: number;
    content?: Partial<PublicCardContent>;
    categoryId?: string;
    section?: string;
    action?: PublicCardAction;
  },
) {
  const data = await gatewayRequest<{ updatePublicCard: PublicCard }>(
    `mutation UpdatePublicCard($i: JSON!) { updatePublicCard(input: $i) { ${CARD} } }`,
    { i: input },
  );
  await client.invalidateQueries({ queryKey: portalKeys.all });
  return data.updatePublicCard;
}

/** Moves a public card to a section or category, after another card (null: first) or last. */
export async function movePublicCard(
  client: QueryClient,
  input: { cardId: string; section?: string; categoryId?: string; afterCardId?: string | null },
) {
  const data = await gatewayRequest<{ movePublicCard: PublicCard }>(
    `mutation MovePublicCard($i: JSON!) { movePublicCard(input: $i) { ${CARD} } }`,
    { i: input },
  );
  await client.invalidateQueries({ queryKey: portalKeys.all });
  return data.movePublicCard;
}

export async function deletePublicCard(client: QueryClient, cardId: string) {
  await gatewayRequest('mutation DeletePublicCard($c: ID!) { deletePublicCard(cardId: $c) }', {
    c: cardId,
  });
  await client.invalidateQueries({ queryKey: portalKeys.all });
}

/**
 * The board after one card moves: its section and category change, and the section totals move
 * by one (one more in the destination, one fewer in the source).
 */
export function withCardMoved(
  state: PublicBoardState,
  cardId: string,
  to: { section?: string; categoryId?: string },
): PublicBoardState {
  const card = state.cards.find((c) => c.cardId === cardId);
  if (!card) return state;
  const section = to.section ?? card.section;
  const totals = moveCardCount(
    Object.fromEntries(state.sections.map((s) => [s.key, s.cardTotal])),
    card.section,
    section,
  );
  return {
    ...state,
    sections: state.sections.map((s) => ({ ...s, cardTotal: totals[s.key] ?? 0 })),
    cards: state.cards.map((c) =>
      c.cardId === cardId ? { ...c, section, categoryId: to.categoryId ?? c.categoryId } : c,
    ),
  };
}

/** Moves a card on the management board at once; the server confirms, or the move is undone. */
export async function moveOnBoard(
  client: QueryClient,
  projectId: string,
  input: { cardId: string; section?: string; categoryId?: string; afterCardId?: string | null },
) {
  const key = portalKeys.board(projectId);
  const before = client.getQueryData<PublicBoardState | null>(key);
  if (before) client.setQueryData(key, withCardMoved(before, input.cardId, input));
  try {
    await movePublicCard(client, input);
  } catch (error) {
    if (before) client.setQueryData(key, before);
    throw error;
  }
}
