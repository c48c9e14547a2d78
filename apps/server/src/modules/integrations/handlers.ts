/**
 * What integrations do after a project's events (ARCHITECTURE: events feed integrations through
 * jobs): Slack posts the events a project chose to its channel; Zapier gets new and updated cards.
 * A refusal by Slack is kept on the integration (shown as invalid) and never undoes the change.
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { cardPath, INTEGRATION_EVENTS, type IntegrationEvent } from '@assay/domain';
import type { EventRow } from '../../platform/events/schema.ts';
import type { AppServices } from '../../services.ts';
import { cards } from '../cards/schema.ts';
import { organizations, profiles } from '../organizations/schema.ts';
import { projects } from '../projects/schema.ts';
import { projectIntegrations } from './schema.ts';
import { integrationOf, markInvalid, openSecret } from './service.ts';
import { postToSlack } from './slack.ts';
import { deliverToZapier } from './zapier.ts';

const PHASES: Record<string, string> = {
  plan: 'Plan',
  run: 'Test',
  analyze: 'Analyze',
  complete: 'Complete',
};

/** The Slack text of an event, with a link to the card. */
async function slackText(services: AppServices, event: EventRow): Promise<string | null> {
  const db = services.database.db;
  const [context] = await db
    .select({ project: projects.name, slug: organizations.slug })
    .from(projects)
    .innerJoin(organizations, eq(organizations.id, projects.organizationId))
    .where(eq(projects.id, event.projectId!));
  const [actor] = event.actorId
    ? await db
        .select({ firstName: profiles.firstName, lastName: profiles.lastName })
        .from(profiles)
        .where(eq(profiles.id, event.actorId))
    : [];
  const who = actor ? `${actor.firstName} ${actor.lastName}`.trim() : 'Someone';
  const cardId =
    event.subjectType === 'card' ? event.subjectId : ((event.changes.cardId as string) ?? null);
  const [card] = cardId
    ? await db
        .select({ id: cards.id, type: cards.type, title: cards.title, draft: cards.draft })
        .from(cards)
        .where(and(eq(cards.id, cardId), isNull(cards.deletedAt)))
    : [];
  if (!context) return null;
  const base = `${services.config.protocol}://${context.slug}.${services.config.appDomain}`;
  const link = card ? `<${base}${cardPath(card)}|${card.title || 'Untitled'}>` : '';
  switch (event.name) {
    case 'cards.publish':
      return card ? `${who} published ${link} in ${context.project}.` : null;
    case 'cards.update':
      return card && !card.draft ? `${who} updated ${link} in ${context.project}.` : null;
    case 'comments.create':
      return event.subjectType === 'card' && card
        ? `${who} commented on ${link} in ${context.project}.`
        : null;
    case 'experiments.phase':
      return card
        ? `${who} moved ${link} to ${PHASES[event.changes.phase as string] ?? event.changes.phase} in ${context.project}.`
        : null;
    default:
      return null;
  }
}

/** Posts the event to the project's Slack channel when the project follows it. */
async function postEventToSlack(services: AppServices, event: EventRow) {
  if (!(event.name in INTEGRATION_EVENTS) || !event.projectId) return;
  const row = await integrationOf(services, event.projectId, 'slack');
  if (!row?.enabled || row.invalid) return;
  const events = (row.settings.events as IntegrationEvent[] | undefined) ?? [];
  if (!events.includes(event.name as IntegrationEvent)) return;
  const secret = openSecret<{ webhookUrl: string }>(services, row);
  if (!secret) return;
  const text = await slackText(services, event);
  if (!text) return;
  try {
    await postToSlack(secret.webhookUrl, {
      channel: row.settings.channel as string | undefined,
      text,
    });
  } catch (error) {
    await markInvalid(services, row.id, error);
  }
}

/** A cheap look first: most projects have no integration at all. */
async function hasIntegrations(services: AppServices, projectId: string | null) {
  if (!projectId) return false;
  const [row] = await services.database.db
    .select({ id: projectIntegrations.id })
    .from(projectIntegrations)
    .where(eq(projectIntegrations.projectId, projectId))
    .limit(1);
  return !!row;
}

/** A card made already published (quick add on the canvas) counts as a publish. */
function asPublished(event: EventRow): EventRow {
  return event.name === 'cards.create' && event.changes.draft === false
    ? { ...event, name: 'cards.publish' }
    : event;
}

export function registerIntegrationHandlers(services: AppServices) {
  const handle = async (raw: EventRow) => {
    if (!(await hasIntegrations(services, raw.projectId))) return;
    const event = asPublished(raw);
    await postEventToSlack(services, event);
    if (event.name.startsWith('cards.')) await deliverToZapier(services, event);
  };
  // Only a project with an integration has work here: the event's insert asks, so the events of
  // every other project are recorded processed and cost nothing after commit.
  const when = (projectId: SQL) =>
    sql`exists (select 1 from ${projectIntegrations} where ${projectIntegrations.projectId} = ${projectId})`;
  for (const namespace of ['cards', 'comments', 'experiments'])
    services.events.on(namespace, handle, { when });
}
