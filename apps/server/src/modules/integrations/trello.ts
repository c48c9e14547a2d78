/**
 * Trello (REST API https://developer.atlassian.com/cloud/trello/rest/, key and token as query
 * parameters): a project keeps a member's token; idea cards keep the ids of Trello cards linked
 * to them, listed with their names, lists and addresses (the three messages of part 2 §8 when
 * Trello refuses) and disconnected one by one.
 */
import { AppError, TRELLO_LINK_MESSAGE, trelloShortLink } from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { editableIdea, writeIdeaLinks } from './idea-links.ts';
import { cardAccess } from '../cards/ports.ts';
import { integrationOf, managedIntegration, openSecret, saveIntegration } from './service.ts';

interface TrelloCard {
  id: string;
  name: string;
  url: string;
  closed: boolean;
  list: { name: string } | null;
}

async function trelloCall<T>(services: AppServices, token: string, path: string): Promise<T> {
  const { trelloBaseUrl, trelloKey } = services.config.integrations;
  if (!trelloKey)
    throw new AppError('validation', {
      message: 'Trello is not set up on this server (TRELLO_API_KEY).',
    });
  const separator = path.includes('?') ? '&' : '?';
  let response: Response;
  try {
    response = await fetch(
      `${trelloBaseUrl}${path}${separator}key=${encodeURIComponent(trelloKey)}&token=${encodeURIComponent(token)}`,
      {
        headers: { accept: 'application/json' },
        redirect: 'error',
        signal: AbortSignal.timeout(10_000),
      },
    );
  } catch {
    throw new AppError('trelloListFailed');
  }
  if (response.status === 401) throw new AppError('trelloPermissionDenied');
  if (response.status === 429) throw new AppError('trelloRateLimited');
  if (!response.ok) throw new AppError('trelloListFailed');
  return (await response.json()) as T;
}

/** POST …/trello: the member's Trello token, checked with GET /1/members/me. */
export async function connectTrello(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  input: unknown,
  context: RequestContext,
) {
  const { project } = await managedIntegration(services, member, projectId, 'trello');
  const token = (input as { accessToken?: unknown } | null)?.accessToken;
  if (typeof token !== 'string' || !token.trim() || token.length > 500)
    throw new AppError('validation', { message: 'Please paste the Trello token.' });
  const me = await trelloCall<{ username?: string }>(
    services,
    token.trim(),
    '/1/members/me?fields=username',
  );
  return saveIntegration(
    services,
    member,
    project,
    'trello',
    { settings: { account: me.username ?? null }, secret: { accessToken: token.trim() } },
    context,
  );
}

async function tokenFor(services: AppServices, projectId: string) {
  const row = await integrationOf(services, projectId, 'trello');
  const secret = row?.enabled ? openSecret<{ accessToken: string }>(services, row) : null;
  if (!secret)
    throw new AppError('validation', {
      message: 'Connect Trello in the project’s settings first.',
    });
  return secret.accessToken;
}

const CARD_FIELDS = 'fields=name,url,closed&list=true&list_fields=name';

function presentTrelloCard(card: {
  id: string;
  name: string;
  url: string;
  closed?: boolean;
  list?: { name?: string } | null;
}): TrelloCard {
  return {
    id: card.id,
    name: card.name,
    url: card.url,
    closed: card.closed ?? false,
    list: card.list?.name ? { name: card.list.name } : null,
  };
}

/** GET /api/canvas/cards/{cardId}/trello: the Trello cards linked to the idea, as Trello has them. */
export async function listTrelloConnections(
  services: AppServices,
  member: MemberContext,
  cardId: string,
) {
  const access = await cardAccess(services, member, cardId);
  const ids = access.hypothesis?.trelloIds ?? [];
  if (ids.length === 0) return { connections: [] as TrelloCard[] };
  const token = await tokenFor(services, access.project.id);
  const connections: TrelloCard[] = [];
  for (const id of ids)
    connections.push(
      presentTrelloCard(
        await trelloCall(services, token, `/1/cards/${encodeURIComponent(id)}?${CARD_FIELDS}`),
      ),
    );
  return { connections };
}

/** POST /api/canvas/cards/{cardId}/trello: links a Trello card by its address. */
export async function linkTrelloCard(
  services: AppServices,
  member: MemberContext,
  cardId: string,
  input: unknown,
  context: RequestContext,
) {
  const access = await editableIdea(services, member, cardId);
  const url = (input as { url?: unknown } | null)?.url;
  const shortLink = typeof url === 'string' ? trelloShortLink(url) : null;
  if (!shortLink) throw new AppError('validation', { message: TRELLO_LINK_MESSAGE });
  const token = await tokenFor(services, access.project.id);
  const card = presentTrelloCard(
    await trelloCall(services, token, `/1/cards/${shortLink}?${CARD_FIELDS}`),
  );
  const ids = [...new Set([...access.hypothesis.trelloIds, card.id])];
  await writeIdeaLinks(
    services,
    member,
    access.card,
    { trelloIds: ids },
    { action: 'trello', changes: { trelloId: card.id } },
    context,
  );
  return { connection: card };
}

/** DELETE /api/canvas/cards/{cardId}/trello/{trelloId}: the idea forgets that Trello card. */
export async function unlinkTrelloCard(
  services: AppServices,
  member: MemberContext,
  cardId: string,
  trelloId: string,
  context: RequestContext,
) {
  const access = await editableIdea(services, member, cardId);
  const ids = access.hypothesis.trelloIds;
  if (!ids.includes(trelloId))
    throw new AppError('validation', { message: 'That Trello card is not linked to this idea.' });
  await writeIdeaLinks(
    services,
    member,
    access.card,
    { trelloIds: ids.filter((id) => id !== trelloId) },
    { action: 'trello', changes: { removed: trelloId } },
    context,
  );
  return { ok: true };
}
