/** Reading a card's history and a project's timeline (issue #24), for those who may read them. */
import { AppError } from '@assay/domain';
import type { MemberContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { cardAccess, loadPeople, projectAccess } from './access.ts';
import { historyOf, timelineOf } from './history.ts';

export async function getCardHistory(services: AppServices, member: MemberContext, cardId: string) {
  const access = await cardAccess(services, member, cardId);
  const entries = await historyOf(services.database.db, access.card.id);
  const people = await loadPeople(
    services.database.db,
    member.organization.id,
    entries.map((e) => e.actorProfileId),
  );
  return entries.map((e) => ({
    version: e.version,
    action: e.action,
    at: e.at.toISOString(),
    actor: e.actorProfileId ? (people.get(e.actorProfileId) ?? null) : null,
    changes: e.changes,
  }));
}

/** A card's history, read once per request however many of its fields ask (changes, resurfacedAt). */
const historyOnce = new WeakMap<object, Map<string, ReturnType<typeof getCardHistory>>>();

export function cardHistoryOnce(
  services: AppServices,
  member: MemberContext,
  cardId: string,
  request: object,
) {
  let cards = historyOnce.get(request);
  if (!cards) historyOnce.set(request, (cards = new Map()));
  let history = cards.get(cardId);
  if (!history) cards.set(cardId, (history = getCardHistory(services, member, cardId)));
  return history;
}

/** A card's latest changes, newest first (default 5, at most 50). */
export async function latestChanges(
  history: ReturnType<typeof getCardHistory>,
  limit: number | null | undefined,
) {
  const count = Math.min(Math.max(Math.trunc(limit ?? 5), 0), 50);
  return (await history).slice(0, count);
}

/** When the card last came back from the trash, or null. */
export async function resurfacedAt(history: ReturnType<typeof getCardHistory>) {
  return (await history).find((entry) => entry.action === 'restore')?.at ?? null;
}

/** What the team learned since a date (default: a week ago), newest first. */
export async function getProjectTimeline(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  since: string | null | undefined,
) {
  await projectAccess(services, member, projectId);
  const from = since ? new Date(since) : new Date(Date.now() - 7 * 24 * 60 * 60 * 1000);
  if (Number.isNaN(from.getTime()))
    throw new AppError('validation', { message: 'Pick a date to look back from.' });
  const rows = await timelineOf(services.database.db, projectId, from);
  const people = await loadPeople(
    services.database.db,
    member.organization.id,
    rows.map((r) => r.actorProfileId),
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    detail: r.detail,
    at: r.at.toISOString(),
    card: { id: r.cardId, title: r.title, type: r.type },
    actor: r.actorProfileId ? (people.get(r.actorProfileId) ?? null) : null,
  }));
}
