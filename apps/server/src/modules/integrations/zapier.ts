/**
 * Zapier (REST hooks, https://platform.zapier.com/build/hook-trigger): a Zap subscribes with the
 * project's API token, giving the address to post new or updated cards to; it unsubscribes by
 * deleting that subscription. Projects turn the integration on and off (PATCH …/zapier). An
 * address Zapier answers 410 Gone for is dropped, as the REST hook contract asks.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { AppError, isUnderBase, zapierSubscribeSchema, type ZapierEvent } from '@assay/domain';
import type { FastifyRequest } from 'fastify';
import { hashToken } from '../../platform/crypto.ts';
import type { EventRow } from '../../platform/events/schema.ts';
import type { AppServices } from '../../services.ts';
import { cards } from '../cards/schema.ts';
import { projects } from '../projects/schema.ts';
import { parse } from '../../http/parse.ts';
import { apiTokens, zapierHooks } from './schema.ts';
import { integrationOf } from './service.ts';

/** The project a Zapier call's API key belongs to (401 without one that works). */
export async function zapierProject(services: AppServices, request: FastifyRequest) {
  const header = request.headers['x-api-key'];
  const key = typeof header === 'string' ? header.trim() : '';
  if (!key || key.length > 200) throw new AppError('unauthenticated');
  const [row] = await services.database.db
    .select({ project: projects, tokenId: apiTokens.id })
    .from(apiTokens)
    .innerJoin(projects, eq(projects.id, apiTokens.projectId))
    .where(
      and(
        eq(apiTokens.tokenHash, hashToken(key)),
        eq(apiTokens.kind, 'project'),
        isNull(apiTokens.revokedAt),
      ),
    );
  if (!row) throw new AppError('unauthenticated');
  await services.database.db
    .update(apiTokens)
    .set({ lastUsedAt: new Date() })
    .where(eq(apiTokens.id, row.tokenId));
  const integration = await integrationOf(services, row.project.id, 'zapier');
  if (!integration?.enabled)
    throw new AppError('forbidden', {
      message: 'Zapier is turned off for this project. Turn it on in the project’s integrations.',
    });
  return row.project;
}

/** A subscription: the hook address must be Zapier's. */
export async function subscribeZapier(services: AppServices, request: FastifyRequest) {
  const project = await zapierProject(services, request);
  const data = parse(zapierSubscribeSchema.safeParse(request.body));
  if (!isUnderBase(data.hookUrl, services.config.integrations.zapierHookBase))
    throw new AppError('validation', { message: 'The hook address must be a Zapier address.' });
  const [row] = await services.database.db
    .insert(zapierHooks)
    .values({
      organizationId: project.organizationId,
      projectId: project.id,
      hookUrl: data.hookUrl,
      event: data.event,
    })
    .returning();
  return { id: row!.id, event: row!.event };
}

export async function unsubscribeZapier(
  services: AppServices,
  request: FastifyRequest,
  id: string,
) {
  const project = await zapierProject(services, request);
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('notFound');
  const removed = await services.database.db
    .delete(zapierHooks)
    .where(and(eq(zapierHooks.id, id), eq(zapierHooks.projectId, project.id)))
    .returning();
  if (removed.length === 0) throw new AppError('notFound');
  return { ok: true };
}

/** Zapier's connection test: which project the key opens. */
export async function zapierMe(services: AppServices, request: FastifyRequest) {
  const project = await zapierProject(services, request);
  return { projectId: project.id, name: project.name };
}

/** The card as Zapier receives it. */
function cardPayload(
  services: AppServices,
  card: typeof cards.$inferSelect,
  slug: string,
  event: ZapierEvent,
) {
  return {
    id: card.id,
    event,
    type: card.type,
    title: card.title,
    projectId: card.projectId,
    tags: card.tags,
    isEvidence: card.isEvidence,
    publishedAt: card.publishedAt?.toISOString() ?? null,
    updatedAt: card.updatedAt.toISOString(),
    url: `${services.config.protocol}://${slug}.${services.config.appDomain}/card/${card.id}`,
  };
}

/** Sample cards for Zapier's editor (the trigger's "perform list"): the latest published ones. */
export async function zapierSamples(services: AppServices, request: FastifyRequest, event: string) {
  const project = await zapierProject(services, request);
  const rows = await services.database.db
    .select()
    .from(cards)
    .where(and(eq(cards.projectId, project.id), eq(cards.draft, false), isNull(cards.deletedAt)))
    .orderBy(desc(cards.updatedAt))
    .limit(3);
  const slug = await organizationSlug(services, project.organizationId);
  const kind: ZapierEvent = event === 'card.updated' ? 'card.updated' : 'card.created';
  return rows.map((card) => cardPayload(services, card, slug, kind));
}

async function organizationSlug(services: AppServices, organizationId: string) {
  const { organizations } = await import('../organizations/schema.ts');
  const [org] = await services.database.db
    .select({ slug: organizations.slug })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org?.slug ?? '';
}

const ZAPIER_EVENT_OF: Record<string, ZapierEvent> = {
  'cards.publish': 'card.created',
  'cards.update': 'card.updated',
  'cards.text': 'card.updated',
  'cards.move': 'card.updated',
};

/** After a card event: posts the card to each subscribed Zap of an enabled project. */
export async function deliverToZapier(services: AppServices, event: EventRow) {
  const kind = ZAPIER_EVENT_OF[event.name];
  if (!kind || !event.projectId || !event.subjectId) return;
  const hooks = await services.database.db
    .select()
    .from(zapierHooks)
    .where(and(eq(zapierHooks.projectId, event.projectId), eq(zapierHooks.event, kind)));
  if (hooks.length === 0) return;
  const integration = await integrationOf(services, event.projectId, 'zapier');
  if (!integration?.enabled) return;
  const [card] = await services.database.db
    .select()
    .from(cards)
    .where(and(eq(cards.id, event.subjectId), isNull(cards.deletedAt)));
  if (!card || card.draft) return;
  const payload = cardPayload(
    services,
    card,
    await organizationSlug(services, card.organizationId),
    kind,
  );
  for (const hook of hooks) {
    try {
      const response = await fetch(hook.hookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        redirect: 'error',
        signal: AbortSignal.timeout(10_000),
      });
      // 410 Gone: the Zap was turned off or deleted; forget the subscription.
      if (response.status === 410)
        await services.database.db.delete(zapierHooks).where(eq(zapierHooks.id, hook.id));
    } catch {
      // Zapier unreachable: this delivery is lost, the next event tries again.
    }
  }
}
