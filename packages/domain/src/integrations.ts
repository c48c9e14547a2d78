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
  'Please use a link to a Figma file or prototype, like https://www.figma.com/design/…';

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

// Jira (part 2 §3 Hypothesis jiraLink; §7 jira card routes).

export const jiraConfigureSchema = z.object({
  baseUrl: z
    .string()
    .trim()
    .min(1, 'Please enter your Jira site, like https://team.atlassian.net')
    .max(300),
  email: z.email('Please enter the email of the Jira account.').max(320),
  apiToken: z.string().trim().min(1, 'Please enter a Jira API token.').max(500),
});

export const jiraSendSchema = z.object({
  projectKey: z
    .string()
    .trim()
    .regex(/^[A-Z][A-Z0-9_]{0,19}$/, 'Please choose a Jira project.'),
  type: z.string().trim().min(1, 'Please choose an issue type.').max(60),
  description: z.string().max(30_000).default(''),
});

/** An idea card's Jira issue, as last read from Jira. */
export interface JiraLink {
  id: string;
  key: string;
  url: string;
  summary: string;
  status: string | null;
  assignee: string | null;
  refreshedAt: string;
}

/** The notice shown when a card's Jira issue is disconnected (part 2 §4 Realtime). */
export const JIRA_DISCONNECTED_NOTICE = 'The Jira issue was disconnected from this card.';

// Trello (part 2 §3 Hypothesis trelloIds; §7 trello card routes; §8 Trello messages).

/** The short link of a Trello card address (https://trello.com/c/{shortLink}/…), or null. */
export function trelloShortLink(link: string): string | null {
  try {
    const url = new URL(link.trim());
    if (url.protocol !== 'https:' || url.hostname !== 'trello.com') return null;
    const match = /^\/c\/([A-Za-z0-9]{8,24})(?:\/|$)/.exec(url.pathname);
    return match?.[1] ?? null;
  } catch {
    return null;
  }
}

export const TRELLO_LINK_MESSAGE =
  'Please use a link to a Trello card, like https://trello.com/c/…';

// Zoom (part 2 §3 Interview video-meeting info).

/** A project's Zoom Server-to-Server OAuth app; all three, or none (meeting links only). */
export const zoomCredentialsSchema = z.object({
  accountId: z.string().trim().max(100).optional(),
  clientId: z.string().trim().max(100).optional(),
  clientSecret: z.string().trim().max(200).optional(),
});

export const meetingInfoSchema = z.object({
  /** null unlinks the meeting. */
  meetingUUID: z.string().trim().min(1).max(200).nullable(),
  playURL: z.url().max(2000).nullable().optional(),
  meetingPassword: z.string().max(100).nullable().optional(),
});

/** The meeting an interview was held in. */
export interface VideoMeeting {
  profileId: string;
  meetingUUID: string;
  playURL: string | null;
  meetingPassword: string | null;
}

// Project email inbox (part 2 §3 Project email; §7 updateProjectEmail).

export const projectEmailSchema = z.object({
  projectId: z.uuid(),
  /** The part before @; none makes a fresh random address. */
  localPart: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^[a-z0-9][a-z0-9.-]{2,40}$/,
      'Use 3 to 41 lowercase letters, digits, dots or hyphens for the address.',
    )
    .optional(),
});
