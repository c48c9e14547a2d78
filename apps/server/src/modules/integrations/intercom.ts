/**
 * Intercom (REST API https://developers.intercom.com/docs/references/rest-api/, Bearer token,
 * Intercom-Version 2.11): a project keeps an access token and imports conversations as
 * chat-conversation cards (part 2 §3): every part with its author and attachments, published
 * as evidence. A conversation already imported into the project is skipped.
 */
import { and, eq, sql } from 'drizzle-orm';
import { AppError, canCreateCard, type ChatConversation } from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { cards, evidence } from '../cards/schema.ts';
import { recordCardEvent } from '../cards/ports.ts';
import { workspaceAccess } from '../cards/ports.ts';
import {
  integrationOf,
  managedIntegration,
  openSecret,
  requireFeature,
  saveIntegration,
} from './service.ts';

interface IntercomAuthor {
  name?: string | null;
  type?: string;
}
interface IntercomPart {
  part_type?: string;
  body?: string | null;
  created_at?: number;
  author?: IntercomAuthor;
  attachments?: { name?: string; url?: string }[];
}
interface IntercomConversation {
  id: string;
  created_at?: number;
  title?: string | null;
  source?: IntercomPart & { subject?: string | null; url?: string | null };
  conversation_parts?: { conversation_parts?: IntercomPart[] };
}

async function intercomCall<T>(services: AppServices, token: string, path: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${services.config.integrations.intercomBaseUrl}${path}`, {
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        'intercom-version': '2.11',
      },
      redirect: 'error',
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    throw new AppError('validation', { message: 'Intercom did not answer. Please try again.' });
  }
  if (response.status === 401)
    throw new AppError('validation', {
      message: 'Intercom refused the access token. Please check it.',
    });
  if (response.status === 429)
    throw new AppError('validation', {
      message: 'Intercom is rate limiting this project. Please try again later.',
    });
  if (!response.ok)
    throw new AppError('validation', { message: 'Intercom could not give that conversation.' });
  return (await response.json()) as T;
}

/** HTML of a message as plain text (paragraphs kept as lines). */
export function plainText(html: string | null | undefined): string {
  return (html ?? '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const AUTHOR_TYPES = new Set(['user', 'lead', 'admin', 'bot']);

function part(
  source: IntercomPart,
  fallbackAt: number | undefined,
): ChatConversation['conversationParts'][number] {
  return {
    type: source.part_type ?? 'comment',
    createdAt: new Date(((source.created_at ?? fallbackAt ?? 0) as number) * 1000).toISOString(),
    body: plainText(source.body),
    authorName: source.author?.name ?? 'Unknown',
    authorType: AUTHOR_TYPES.has(source.author?.type ?? '')
      ? (source.author!.type as string)
      : 'user',
    attachments: (source.attachments ?? [])
      .filter((a) => typeof a.url === 'string' && /^https:\/\//.test(a.url))
      .map((a) => ({ name: a.name ?? 'attachment', url: a.url as string })),
  };
}

/** An Intercom conversation as a chat-conversation card's content. */
export function toChatConversation(
  conversation: IntercomConversation,
  appUrl: string | null,
): ChatConversation {
  const parts = [
    ...(conversation.source
      ? [part({ ...conversation.source, part_type: 'opening' }, conversation.created_at)]
      : []),
    ...(conversation.conversation_parts?.conversation_parts ?? [])
      .filter((p) => plainText(p.body) || (p.attachments?.length ?? 0) > 0)
      .map((p) => part(p, conversation.created_at)),
  ];
  return {
    conversationId: conversation.id,
    intercomId: conversation.id,
    url: appUrl,
    rawText: parts.map((p) => `${p.authorName}: ${p.body}`).join('\n'),
    conversationParts: parts,
  };
}

/** PUT …/intercom: the workspace's access token, checked with GET /me. */
export async function connectIntercom(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  input: unknown,
  context: RequestContext,
) {
  const { project } = await managedIntegration(services, member, projectId, 'intercom');
  const token = (input as { accessToken?: unknown } | null)?.accessToken;
  if (typeof token !== 'string' || !token.trim() || token.length > 500)
    throw new AppError('validation', { message: 'Please paste the Intercom access token.' });
  const me = await intercomCall<{ app?: { name?: string; id_code?: string } }>(
    services,
    token.trim(),
    '/me',
  );
  return saveIntegration(
    services,
    member,
    project,
    'intercom',
    {
      settings: { workspace: me.app?.name ?? null, appId: me.app?.id_code ?? null },
      secret: { accessToken: token.trim() },
    },
    context,
  );
}

/**
 * POST …/integrations/intercom/import: the latest conversations (or those named) become
 * chat-conversation cards, published as evidence; ones already imported are skipped.
 */
export async function importIntercomConversations(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  input: unknown,
  context: RequestContext,
) {
  requireFeature(member, 'intercom');
  const access = await workspaceAccess(services, member, projectId);
  // Those who may add evidence to the project may import it.
  if (!canCreateCard(access.scope, 'intercom')) throw new AppError('forbidden');
  const row = await integrationOf(services, access.project.id, 'intercom');
  const secret = row?.enabled ? openSecret<{ accessToken: string }>(services, row) : null;
  if (!row || !secret)
    throw new AppError('validation', {
      message: 'Connect Intercom in the project’s settings first.',
    });
  const named = (input as { conversationIds?: unknown } | null)?.conversationIds;
  const ids = Array.isArray(named)
    ? named
        .filter((id): id is string => typeof id === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(id))
        .slice(0, 50)
    : ((
        await intercomCall<{ conversations?: { id: string }[] }>(
          services,
          secret.accessToken,
          '/conversations?per_page=20',
        )
      ).conversations?.map((c) => c.id) ?? []);
  const db = services.database.db;
  const imported: string[] = [];
  const skipped: string[] = [];
  const appId = row.settings.appId as string | null;
  for (const id of ids) {
    const [already] = await db
      .select({ id: evidence.cardId })
      .from(evidence)
      .innerJoin(cards, eq(cards.id, evidence.cardId))
      .where(
        and(
          eq(cards.projectId, access.project.id),
          sql`${evidence.conversation}->>'intercomId' = ${id}`,
        ),
      );
    if (already) {
      skipped.push(id);
      continue;
    }
    const conversation = await intercomCall<IntercomConversation>(
      services,
      secret.accessToken,
      `/conversations/${encodeURIComponent(id)}?display_as=plaintext`,
    );
    const chat = toChatConversation(
      conversation,
      appId
        ? `https://app.intercom.com/a/apps/${appId}/inbox/conversation/${conversation.id}`
        : null,
    );
    const opening = chat.conversationParts[0]?.body ?? '';
    const title = (
      conversation.title ||
      conversation.source?.subject ||
      opening ||
      `Conversation ${id}`
    )
      .replace(/\s+/g, ' ')
      .slice(0, 120);
    await services.transaction(
      async (unit) => {
        const now = new Date();
        const [card] = await unit.tx
          .insert(cards)
          .values({
            organizationId: member.organization.id,
            projectId: access.project.id,
            type: 'intercom',
            title: plainText(title),
            draft: false,
            publishedAt: now,
            isEvidence: true,
            origin: 'intercom',
            createdByProfileId: member.profileId,
            updatedByProfileId: member.profileId,
          })
          .returning();
        if (!card) throw new Error('card insert returned no row');
        await unit.tx
          .insert(evidence)
          .values({ cardId: card.id, projectId: access.project.id, conversation: chat });
        await recordCardEvent(unit, member, card, 'create', { type: 'intercom', draft: false });
        imported.push(card.id);
      },
      { context },
    );
  }
  return { imported: imported.length, skipped: skipped.length, cardIds: imported };
}
