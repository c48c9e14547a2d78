/**
 * What REST routes answer (issue #27): shapes the routes declare and the OpenAPI document shows.
 * An answer may carry more than its shape names (the shapes are open), never less or other.
 */
import { z } from 'zod';
import { CANVAS_SECTIONS, CANVAS_TYPES, PRIORITIZATION_OPTIONS } from './canvas.ts';
import { PORTAL_COLORS } from './portal.ts';

/** A route on one thing named by its id (`/…/:id`). */
export const idParams = z.object({ id: z.string().describe('The id.') });

/** The catalogue's error body, as every refusal answers. */
export const errorAnswer = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  ref: z.number().int().optional(),
  context: z.string().optional(),
});

/** A project's canvas as its members see it: the type, the template and each section's name. */
export const canvasLayoutAnswer = z.object({
  type: z.enum(CANVAS_TYPES),
  templateId: z.string().nullable(),
  locked: z.boolean(),
  sections: z.array(
    z.object({
      key: z.enum(CANVAS_SECTIONS),
      name: z.string(),
      defaultName: z.string(),
      lens: z.string().nullable(),
      hidden: z.boolean(),
    }),
  ),
});

/** A field a project's cards fill in (part 2 §3 custom fields), its own or the organisation's. */
export const customFieldAnswer = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(['text', 'number', 'dropdown', 'date', 'checkbox']),
  disabled: z.boolean(),
  global: z.boolean(),
  defaultKey: z.string().nullable(),
  specifications: z.object({ options: z.array(z.string()) }),
  metrics: z.object({ min: z.number().nullable(), max: z.number().nullable() }).optional(),
});

/** A project as its member sees it (part 2 §3 Project), with what they may do there. */
export const projectAnswer = z.looseObject({
  id: z.string(),
  name: z.string(),
  cohortId: z.string().nullable(),
  description: z.string().nullable(),
  language: z.string(),
  status: z.string(),
  statusNote: z.string().nullable(),
  statusReason: z.string().nullable(),
  settings: z.record(z.string(), z.unknown()),
  projectTags: z.array(z.string()),
  role: z
    .string()
    .nullable()
    .describe('Your role in the project (null: through the organisation).'),
  createdAt: z.string(),
  openPath: z
    .string()
    .describe('Where a link to it opens: its canvas, or its dashboard (part 1 §2.5).'),
  canvas: canvasLayoutAnswer,
  customFields: z.array(customFieldAnswer),
  prioritization: z.string().describe(`The scoring method: ${PRIORITIZATION_OPTIONS.join(', ')}.`),
  abilities: z.record(z.string(), z.boolean()),
});

/** One section of a product board (timeline, status or theme), in board order. */
export const boardSectionAnswer = z.object({
  key: z.string(),
  name: z.string(),
  color: z.string(),
  rank: z.string(),
  isDefault: z.boolean(),
  protected: z.boolean(),
});

/** How many of the member's notifications are unread, after marking. */
export const unreadAnswer = z.object({ unreadCount: z.number().int() });

/** A member's notification preferences, for the organisation or one project. */
export const notificationPreferencesAnswer = z.object({
  projectId: z.string().nullable(),
  frequency: z.string().describe('immediately or daily'),
  email: z.boolean(),
  inherited: z.boolean().describe('True when the project follows the organisation’s.'),
});

/** No content (204). */
export const noContent = z.null().describe('Nothing: the status says it is done.');

/** A collection of projects (part 2 §7 /api/anc/collections). */
export const collectionAnswer = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
});

/** A collection's name and description as sent (the name is required to create one). */
export const collectionBody = z.looseObject({
  name: z.unknown().optional(),
  description: z.unknown().optional(),
});

/** A public portal as a visitor receives it (part 2 §3 Public board state). */
export const visitorBoardAnswer = z.object({
  name: z.string(),
  link: z.string(),
  image: z.string().nullable(),
  signature: z.string(),
  categories: z.array(z.object({ id: z.string(), name: z.string(), color: z.enum(PORTAL_COLORS) })),
  sections: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      color: z.enum(PORTAL_COLORS),
      cardTotal: z.number(),
    }),
  ),
  cards: z.array(
    z.object({
      id: z.string(),
      categoryId: z.string(),
      section: z.string(),
      title: z.string(),
      summary: z.string(),
      description: z.string(),
      images: z.array(
        z.object({
          url: z.string(),
          thumbUrl: z.string().nullable(),
          mediumUrl: z.string().nullable(),
        }),
      ),
      figma: z.object({ url: z.string(), name: z.string() }).nullable(),
      connectionCount: z.number(),
      publishedAt: z.string(),
    }),
  ),
});

/** A made thing, by its id. */
export const idAnswer = z.object({ id: z.string() });

/** An organisation as anyone in it may know it. */
export const organizationSummaryAnswer = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  license: z.string(),
});

/** One of the signed-in person's organisations, with their part in it. */
export const membershipAnswer = organizationSummaryAnswer.extend({
  role: z.string(),
  profileId: z.string(),
});

/** A profile made by accepting an invitation. */
export const joinedAnswer = z.object({
  profileId: z.string(),
  role: z.string(),
  organization: organizationSummaryAnswer,
});

/** The organisation with its settings, limits and what the member may do there. */
export const organizationAnswer = z.looseObject({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  license: z.string(),
  limits: z.unknown().describe('The plan’s limits (null: unlimited).'),
  membership: z.object({ profileId: z.string(), role: z.string() }),
  abilities: z.record(z.string(), z.boolean()),
});

/** A member of the organisation (part 2 §3 Profile). */
export const memberAnswer = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.string(),
  disabled: z.boolean(),
  mfaEnabled: z.boolean(),
  portfolioAccess: z.boolean(),
  createdAt: z.string(),
});

/** A page of members (with ?paginate=true; otherwise the members alone). */
export const membersPageAnswer = z.object({
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  members: z.array(memberAnswer),
});

/** A body the use case reads field by field (each checked there with the catalogue's words). */
export const fieldsBody = z.record(z.string(), z.unknown());

/** The process and its database (503 with the same shape when they do not answer). */
export const healthAnswer = z.object({
  status: z.string().describe('ok, or down'),
  ok: z.boolean(),
  version: z.string(),
  database: z.string(),
  node: z.string().describe('The Node.js release that runs the server, e.g. v24.21.0'),
});

/** Ready to serve: the database and the job queue (503 until they are). */
export const readinessAnswer = healthAnswer.extend({ jobs: z.boolean() });

/** Where the web app stands: the host, the organisation, the member and the page settings. */
export const bootstrapAnswer = z.looseObject({
  appDomain: z.string(),
  appOrigin: z.string(),
  protocol: z.string(),
  host: z.string(),
  organization: z.looseObject({ id: z.string(), name: z.string(), slug: z.string() }).nullable(),
  membership: z.looseObject({ profileId: z.string(), role: z.string() }).nullable(),
  user: z.looseObject({ id: z.string() }).nullable(),
  sessionId: z.string().nullable(),
  devInbox: z.boolean(),
});

/** Whether "Explore a demo" is offered here. */
export const demoOfferAnswer = z.object({ offered: z.boolean() });

/** The demo organisation entered: where the browser goes next. */
export const demoAnswer = z.object({
  created: z.boolean(),
  organizationId: z.string(),
  path: z.string(),
  url: z.string(),
});

/** A mail in the development outbox. */
export const devMailAnswer = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
});
