/** zod schemas for card and canvas input (server parsing), with the spec's messages. */
import { z } from 'zod';
import {
  BOARD_TYPES,
  BUSINESS_STATUSES,
  CARD_TEXT_MAX,
  FEED_SORTS,
  HYPOTHESIS_RESULTS,
  HYPOTHESIS_TYPES,
  REASON_TOO_LONG,
  isValidRank,
} from './cards.ts';
import { CANVAS_SECTIONS, CANVAS_TYPES, CARD_TYPES, PRIORITIZATION_OPTIONS } from './canvas.ts';
import { LIMITS } from './limits.ts';

const id = z.string().uuid();
const rank = z.string().refine(isValidRank, 'That position is not valid.');
const tag = z.string().trim().min(1).max(50);
const score = (min: number, max: number) => z.number().min(min).max(max).nullable();

export const BOARD_NAMES = ['canvas', ...BOARD_TYPES] as const;
export type BoardName = (typeof BOARD_NAMES)[number];

/** Types the workspace creates from its pickers (customer chats are imported). */
export const CREATABLE_CARD_TYPES = [
  'hypothesis',
  'post',
  'interview',
  'evidenceOther',
  'experiment',
] as const;

export const createCardSchema = z.object({
  projectId: id,
  type: z.enum(CARD_TYPES),
  hypothesisType: z.enum(HYPOTHESIS_TYPES).default('business'),
  /** Canvas section (business) or board section key (product). */
  section: z.string().max(64).optional(),
  board: z.enum(BOARD_NAMES).optional(),
  rank: rank.optional(),
  title: z.string().max(1000).default(''),
  draft: z.boolean().default(true),
  templateId: id.optional(),
  /** The client's temporary id, echoed back so it can swap it for the real one. */
  unverifiedId: z.string().max(64).optional(),
  /** Posts: evidence (the default) or not; interviews and other evidence always are. */
  isEvidence: z.boolean().optional(),
  /** Meeting cards: an instructor, mentor or coach engagement. */
  engagementType: z.enum(['instructor', 'mentor', 'guest']).optional(),
});
export type CreateCardInput = z.infer<typeof createCardSchema>;

/** Score changes: each method's fields may come alone (merged into the saved ones); null clears a method. */
export const productScoreSchema = z
  .object({
    ice: z
      .object({ impact: score(1, 10), confidence: score(1, 10), ease: score(1, 10) })
      .partial()
      .nullable(),
    rice: z
      .object({
        reach: score(0, 1_000_000_000),
        impact: score(0, 3),
        confidence: score(0, 100),
        effort: score(0, 100_000),
      })
      .partial()
      .nullable(),
    ie: z
      .object({ impact: score(1, 10), effort: score(1, 10) })
      .partial()
      .nullable(),
    pf: z
      .object({ pain: score(1, 10), frequency: score(1, 10) })
      .partial()
      .nullable(),
  })
  .partial();

const fieldValue = z.union([
  z.string().max(LIMITS.textFieldMax),
  z.number(),
  z.boolean(),
  z.null(),
]);

export const updateHypothesisSchema = z
  .object({
    cardId: id,
    version: z.number().int().min(1),
    title: z.string().max(1000),
    summary: z.string().max(LIMITS.textFieldMax, 'Please shorten your text...'),
    hypothesisType: z.enum(HYPOTHESIS_TYPES),
    businessStatus: z.enum(BUSINESS_STATUSES),
    result: z.enum(HYPOTHESIS_RESULTS),
    resultReason: z
      .string()
      .max(LIMITS.reasonMax - 1, REASON_TOO_LONG)
      .nullable(),
    risky: z.boolean(),
    members: z.array(id).max(100),
    tags: z.array(tag).max(100),
    productScore: productScoreSchema,
    fields: z.record(z.string().max(64), fieldValue),
    reviewed: z.boolean(),
    /** A cohort team asks its instructors and mentors to review it (false withdraws). */
    reviewRequested: z.boolean(),
    /** Its place on the assumptions map, 0…1 (null: from its section and risk flag again). */
    importance: z
      .number({ message: 'Importance is a number from 0 to 1.' })
      .min(0, 'Importance is a number from 0 to 1.')
      .max(1, 'Importance is a number from 0 to 1.')
      .nullable(),
  })
  .partial()
  .required({ cardId: true, version: true })
  .strict();
export type UpdateHypothesisInput = z.infer<typeof updateHypothesisSchema>;

export const TEXT_FIELDS = [
  'description',
  'notes',
  'keyInsights',
  'summary',
  'statement',
  'results',
] as const;

export const updateTextSchema = z.object({
  cardId: id,
  version: z.number().int().min(1),
  field: z.enum(TEXT_FIELDS),
  /** The editor's HTML. */
  text: z.string().max(CARD_TEXT_MAX * 20),
  /** Plain text, which the limit counts. */
  rawText: z.string().max(CARD_TEXT_MAX, 'Please shorten your text...'),
  mentions: z.array(id).max(100).default([]),
});

export const updateCardSectionSchema = z.object({
  cardId: id,
  version: z.number().int().min(1),
  board: z.enum(BOARD_NAMES),
  section: z.string().min(1).max(64),
  rank,
});

export const canvasFiltersSchema = z
  .object({
    tags: z.array(tag).max(50),
    statuses: z.array(z.enum(BUSINESS_STATUSES)).max(3),
    results: z.array(z.enum(HYPOTHESIS_RESULTS)).max(3),
    risky: z.boolean(),
    search: z.string().max(200),
    mine: z.boolean(),
    /** Product boards: leave out ideas whose product status is Archived, Parked or Complete. */
    activeOnly: z.boolean(),
  })
  .partial();
export type CanvasFilters = z.infer<typeof canvasFiltersSchema>;

export const feedInputSchema = z.object({
  projectId: id,
  types: z.array(z.enum(CARD_TYPES)).max(10).default([]),
  sort: z.enum(FEED_SORTS).default('newest'),
  page: z.number().int().min(0).max(10_000).default(0),
});

export const cardSearchSchema = z.object({
  projectId: id,
  searchText: z.string().trim().max(200),
  isEvidence: z.boolean().nullable().default(null),
});

/** The global search (Ctrl/Cmd-K, #26): words in titles and texts across visible projects. */
export const globalSearchSchema = z.object({
  text: z.string().trim().min(1).max(200),
  limit: z.number().int().min(1).max(50).default(20),
});

/** One thing the global search found: a project, or a card of one. */
export interface SearchHit {
  kind: 'project' | 'hypothesis' | 'idea' | 'experiment' | 'evidence';
  id: string;
  title: string;
  projectId: string;
  projectName: string;
  path: string;
}

export const canvasSectionUpdateSchema = z
  .object({
    projectId: id,
    section: z.enum(CANVAS_SECTIONS),
    name: z.string().trim().max(100).nullable(),
    hidden: z.boolean(),
  })
  .partial()
  .required({ projectId: true, section: true })
  .strict();

export const canvasLayoutSchema = z
  .object({
    projectId: id,
    type: z.enum(CANVAS_TYPES),
    templateId: z.string().max(64).nullable(),
    order: z.array(z.enum(CANVAS_SECTIONS)).length(CANVAS_SECTIONS.length),
  })
  .partial()
  .required({ projectId: true })
  .strict();

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'dropdown', 'date', 'checkbox'] as const;

export const customFieldSchema = z.object({
  title: z.string().trim().min(1, 'Please add a title.').max(100),
  type: z.enum(CUSTOM_FIELD_TYPES),
  options: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
  disabled: z.boolean().default(false),
});
export const customFieldUpdateSchema = customFieldSchema.partial().strict();

export const boardSectionCreateSchema = z.object({
  sectionType: z.enum(BOARD_TYPES),
  name: z.string().trim().min(1, 'Please add a name.').max(60),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .default('#868e96'),
});
export const boardSectionUpdateSchema = z.union([
  z.object({
    sectionType: z.enum(BOARD_TYPES),
    key: z.string().min(1).max(64),
    name: z.string().trim().min(1, 'Please add a name.').max(60).optional(),
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/)
      .optional(),
  }),
  z.object({ sectionType: z.enum(BOARD_TYPES), keys: z.array(z.string().min(1).max(64)).max(100) }),
]);
export const boardSectionDeleteSchema = z.object({
  sectionType: z.enum(BOARD_TYPES),
  key: z.string().min(1).max(64),
});

export const projectScoreSchema = z.object({ prioritization: z.enum(PRIORITIZATION_OPTIONS) });

/** The id and version every card update carries (read before the type's own schema). */
export const updateCardHeadSchema = z.object({ cardId: id, version: z.number().int().min(1) });
