/**
 * Project integrations (part 2 §3 Project integrations, §7 integration routes, §8 Slack codes):
 * which ones exist, which plan feature opens each, the events they can follow, and the checks of
 * what people type into their settings.
 */
import { z } from 'zod';
import type { Feature } from './plans.ts';

export const INTEGRATIONS = [
  'slack',
  'intercom',
  'jira',
  'trello',
  'zapier',
  'figma',
  'zoom',
] as const;
export type IntegrationName = (typeof INTEGRATIONS)[number];
export const isIntegrationName = (value: string): value is IntegrationName =>
  (INTEGRATIONS as readonly string[]).includes(value);

/** The plan feature that opens each integration (part 1 §6). */
export const INTEGRATION_FEATURES: Record<IntegrationName, Feature> = {
  slack: 'chatToolIntegration',
  zoom: 'videoMeetingIntegration',
  zapier: 'automationToolIntegration',
  jira: 'issueTrackerIntegration',
  intercom: 'customerChatIntegration',
  trello: 'cardBoardToolIntegration',
  figma: 'designToolIntegration',
};

export const INTEGRATION_NAMES: Record<IntegrationName, string> = {
  slack: 'Slack',
  intercom: 'Intercom',
  jira: 'Jira',
  trello: 'Trello',
  zapier: 'Zapier',
  figma: 'Figma',
  zoom: 'Zoom',
};

/** Project events an integration can follow, by the name of the event the server records. */
export const INTEGRATION_EVENTS = {
  'cards.publish': 'A card is published',
  'cards.update': 'A card is updated',
  'comments.create': 'Someone comments',
  'experiments.phase': 'An experiment moves to another phase',
} as const;
export type IntegrationEvent = keyof typeof INTEGRATION_EVENTS;
const EVENT_KEYS = Object.keys(INTEGRATION_EVENTS) as [IntegrationEvent, ...IntegrationEvent[]];

/** Slack: an incoming webhook, the channel it posts to, and the events to post. */
export const slackSettingsSchema = z.object({
  webhookUrl: z.string().trim().max(500),
  channel: z
    .string()
    .trim()
    .max(80)
    .regex(/^#?[a-z0-9][a-z0-9._-]*$/, 'slackInvalidChannel'),
  events: z.array(z.enum(EVENT_KEYS)).max(EVENT_KEYS.length).default(['cards.publish']),
});
export type SlackSettings = z.infer<typeof slackSettingsSchema>;

/** Zapier's REST hook events: new and updated cards. */
export const ZAPIER_EVENTS = ['card.created', 'card.updated'] as const;
export type ZapierEvent = (typeof ZAPIER_EVENTS)[number];
export const zapierSubscribeSchema = z.object({
  hookUrl: z.string().trim().url().max(1000),
  event: z.enum(ZAPIER_EVENTS),
});

/** Whether a webhook address sits under the allowed base (Slack's, or a test server's). */
export function isUnderBase(url: string, base: string): boolean {
  try {
    const target = new URL(url);
    const root = new URL(base);
    return (
      target.protocol === root.protocol &&
      target.host === root.host &&
      target.pathname.startsWith(root.pathname) &&
      target.pathname.length > root.pathname.length &&
      !target.username &&
      !target.password
    );
  } catch {
    return false;
  }
}

// Figma (part 2 §3 Hypothesis figma): links are checked by designFileKey (checks.ts).

export const FIGMA_LINK_MESSAGE =
  'Please use a link to a Figma file or prototype, like https://www.figma.com/file/…';

/** A name for a Figma file from its link, until Figma gives the real one. */
export function figmaNameFromLink(link: string): string {
  try {
    const parts = new URL(link).pathname.split('/').filter(Boolean);
    const slug = parts[2];
    return slug ? decodeURIComponent(slug).replace(/-/g, ' ') : 'Figma file';
  } catch {
    return 'Figma file';
  }
}
