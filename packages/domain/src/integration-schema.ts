/**
 * What people type into a project's integration settings, checked (part 2 §3 Project
 * integrations, §7 integration routes; which integrations exist and what they follow:
 * integrations.ts). Kept apart so that a screen that only names integrations does not load zod
 * (#28, first load).
 */
import { z } from 'zod';
import { INTEGRATION_EVENTS, ZAPIER_EVENTS, type IntegrationEvent } from './integrations.ts';

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

export const zapierSubscribeSchema = z.object({
  hookUrl: z.string().trim().url().max(1000),
  event: z.enum(ZAPIER_EVENTS),
});

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

// The integration routes' other bodies (#51 item 4): what their use cases read, declared.

/** Trello and Intercom connect with a token their owner copied. */
export const accessTokenBody = z.object({ accessToken: z.string().max(500) });

/** Figma and Zapier: switched on, Figma optionally with a personal access token. */
export const optionalTokenBody = z.object({ accessToken: z.string().max(500).optional() });

/** A link to a design file or a Trello card on an idea; null unlinks it. */
export const cardLinkBody = z.object({ url: z.string().max(2000).nullable() });

/** Intercom conversations to import as evidence (none named: the recent ones). */
export const intercomImportBody = z.object({
  conversationIds: z.array(z.string().max(64)).max(500).optional(),
});

/** A page clipped by the browser extension. */
export const clipSchema = z.object({
  projectId: z.uuid(),
  title: z.string().trim().min(1, 'Please give the evidence a title.').max(1000),
  /** The text the person selected on the page. */
  text: z.string().trim().max(20_000).default(''),
  url: z.url().max(2000).optional(),
});

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
