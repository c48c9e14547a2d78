/**
 * Project integrations (part 2 §3 Project integrations, §7 integration routes, §8 Slack codes):
 * which ones exist, which plan feature opens each and the events they can follow (the checks of
 * what people type into their settings: integration-schema.ts).
 */
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
/** Zapier's REST hook events: new and updated cards. */
export const ZAPIER_EVENTS = ['card.created', 'card.updated'] as const;
export type ZapierEvent = (typeof ZAPIER_EVENTS)[number];
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

/** The meeting an interview was held in. */
export interface VideoMeeting {
  profileId: string;
  meetingUUID: string;
  playURL: string | null;
  meetingPassword: string | null;
}
