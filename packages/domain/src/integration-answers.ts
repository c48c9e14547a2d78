/** What the integration routes answer (part 2 §7): each integration's state and its own calls. */
import { z } from 'zod';
import { INTEGRATIONS } from './integrations.ts';

/** One integration of a project: connected, enabled, authorised, and its last error. */
export const integrationAnswer = z.object({
  name: z.enum(INTEGRATIONS),
  connected: z.boolean(),
  enabled: z.boolean(),
  authorized: z.boolean(),
  invalid: z.boolean(),
  lastError: z.string().nullable(),
  settings: z.record(z.string(), z.unknown()),
  updatedAt: z.string().nullable(),
});

/** Every integration of a project, with whether the plan has it, and the project's inbox. */
export const integrationsAnswer = z.object({
  integrations: z.array(integrationAnswer.extend({ available: z.boolean() })),
  inbox: z.object({ email: z.string().nullable() }),
});

const jiraLink = z.object({
  id: z.string(),
  key: z.string(),
  url: z.string(),
  summary: z.string(),
  status: z.string().nullable(),
  assignee: z.string().nullable(),
  refreshedAt: z.string(),
});

/** A card's Jira issue (null once disconnected). */
export const jiraLinkAnswer = z.object({ jiraLink: jiraLink.nullable() });

/** What a new Jira issue may be: the projects and their issue types, and the description. */
export const jiraCreateMetaAnswer = z.object({
  description: z.string(),
  projects: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      issueTypes: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
});

const trelloCard = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  closed: z.boolean(),
  list: z.object({ name: z.string() }).nullable(),
});

export const trelloConnectionsAnswer = z.object({ connections: z.array(trelloCard) });
export const trelloConnectionAnswer = z.object({ connection: trelloCard });

/** Conversations imported as evidence, and those already there. */
export const intercomImportAnswer = z.object({
  imported: z.number(),
  skipped: z.number(),
  cardIds: z.array(z.string()),
});

/** An interview's Zoom meeting (null: none). */
export const meetingAnswer = z.object({
  videoMeeting: z
    .object({
      profileId: z.string(),
      meetingUUID: z.string(),
      playURL: z.string().nullable(),
      meetingPassword: z.string().nullable(),
    })
    .nullable(),
});

/** A meeting's recording attached to the interview, and its transcription when started. */
export const recordingAnswer = z.object({
  mediaId: z.string(),
  filename: z.string(),
  transcription: z.string().nullable(),
});

/** A card's Figma file (null: none). */
export const figmaAnswer = z.object({
  figma: z
    .object({ url: z.string(), name: z.string(), thumbnailUrl: z.string().nullable() })
    .nullable(),
});

/** A Zapier REST hook subscribed. */
export const zapierHookAnswer = z.object({ id: z.string(), event: z.string() });

/** The project a Zapier key belongs to. */
export const zapierMeAnswer = z.object({ projectId: z.string(), name: z.string() });

/** Sample cards for a Zapier trigger. */
export const zapierSampleAnswer = z.object({
  id: z.string(),
  event: z.string(),
  type: z.string(),
  title: z.string(),
  projectId: z.string(),
  tags: z.array(z.string()),
  isEvidence: z.boolean(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  url: z.string(),
});

/** A personal or project API token (shown to its owner). */
export const apiTokenAnswer = z.object({
  id: z.string(),
  token: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

/** The projects the browser extension may post evidence to. */
export const extensionProjectsAnswer = z.object({
  projects: z.array(z.object({ id: z.string(), name: z.string() })),
});

/** Evidence clipped by the browser extension. */
export const clippedAnswer = z.object({ id: z.string(), title: z.string(), projectId: z.string() });

/** An integration's settings or credentials as sent; the use case checks each. */
export const integrationBody = z.record(z.string(), z.unknown());
