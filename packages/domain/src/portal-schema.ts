/**
 * What a public board, its categories, roadmap sections and public cards may hold, checked (part
 * 2 §3 publicBoard, public category, publicRoadmap sections; §4 Public card; the portal's rules
 * and limits: portal.ts). Kept apart so that a screen that only links to the portal does not load
 * zod (#28, first load).
 */
import { z } from 'zod';
import { HYPOTHESIS_TITLE_MAX } from './cards.ts';
import { designFileKey } from './checks.ts';
import { figmaNameFromLink } from './integrations.ts';
import {
  isValidPublicLink,
  PORTAL_COLORS,
  PORTAL_LIMITS,
  PORTAL_MESSAGES,
  PUBLIC_CARD_ACTIONS,
  SHARE_SETTINGS,
} from './portal.ts';

const trimmed = (max: number, required: string) =>
  z.string().trim().min(1, required).max(max, `Please keep it under ${max} characters.`);
const color = z.enum(PORTAL_COLORS, { message: 'Please choose one of the colours.' });
const link = z.string().trim().toLowerCase().refine(isValidPublicLink, PORTAL_MESSAGES.linkFormat);
const shareSetting = z.enum(SHARE_SETTINGS);

export const createPublicBoardSchema = z.object({
  projectId: z.uuid(),
  name: trimmed(PORTAL_LIMITS.boardName, PORTAL_MESSAGES.nameRequired),
  link,
  shareSetting: shareSetting.default('public'),
});

export const updatePublicBoardSchema = z.object({
  boardId: z.uuid(),
  name: trimmed(PORTAL_LIMITS.boardName, PORTAL_MESSAGES.nameRequired).optional(),
  link: link.optional(),
  shareSetting: shareSetting.optional(),
});

export const createPublicCategorySchema = z.object({
  boardId: z.uuid(),
  name: trimmed(PORTAL_LIMITS.categoryName, PORTAL_MESSAGES.categoryNameRequired),
  color: color.default('blue'),
});

export const updatePublicCategorySchema = z.object({
  categoryId: z.uuid(),
  name: trimmed(PORTAL_LIMITS.categoryName, PORTAL_MESSAGES.categoryNameRequired).optional(),
  color: color.optional(),
});

export const createPublicSectionSchema = z.object({
  boardId: z.uuid(),
  name: trimmed(PORTAL_LIMITS.sectionName, PORTAL_MESSAGES.sectionNameRequired),
  color: color.default('gray'),
  isDefault: z.boolean().default(false),
});

export const updatePublicSectionSchema = z.object({
  boardId: z.uuid(),
  key: z.string().min(1).max(40),
  name: trimmed(PORTAL_LIMITS.sectionName, PORTAL_MESSAGES.sectionNameRequired).optional(),
  color: color.optional(),
  /** Only true is meaningful: making this the default takes it from the old one. */
  isDefault: z.literal(true).optional(),
  isProtected: z.boolean().optional(),
});

const figma = z
  .object({
    url: z
      .string()
      .trim()
      .max(2000)
      .refine((url) => designFileKey(url) !== null, PORTAL_MESSAGES.figmaUrl),
    name: z.string().trim().max(PORTAL_LIMITS.figmaName).default(''),
  })
  // Without a name of its own, the file is named from its link.
  .transform((f) => ({ ...f, name: f.name || figmaNameFromLink(f.url) }))
  .nullable();

/** The editable content of a public card; each save goes to the draft beside the live copy. */
export const publicCardContentSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'The title can not be left blank.')
    .max(HYPOTHESIS_TITLE_MAX, `Please keep the title under ${HYPOTHESIS_TITLE_MAX} characters.`),
  description: z.string().max(PORTAL_LIMITS.description, 'Please shorten your text...').default(''),
  summary: z.string().max(PORTAL_LIMITS.summary, 'Please shorten your text...').default(''),
  images: z
    .array(z.uuid())
    .max(PORTAL_LIMITS.images, `A public card can show at most ${PORTAL_LIMITS.images} images.`)
    .default([]),
  figma: figma.default(null),
});
export type PublicCardContent = z.infer<typeof publicCardContentSchema>;

export const updatePublicCardSchema = z.object({
  /** The hypothesis card being published. */
  cardId: z.uuid(),
  /** The version the editor saw (refused when stale); absent for a first save. */
  version: z.number().int().nonnegative().optional(),
  content: publicCardContentSchema.partial().optional(),
  categoryId: z.uuid().optional(),
  section: z.string().min(1).max(40).optional(),
  /** save: keep the draft; publish: the draft becomes the live copy; unpublish: no live copy. */
  action: z.enum(PUBLIC_CARD_ACTIONS).default('save'),
});

export const movePublicCardSchema = z.object({
  cardId: z.uuid(),
  section: z.string().min(1).max(40).optional(),
  categoryId: z.uuid().optional(),
  /** Place after this public card's hypothesis (null: first); absent: last. */
  afterCardId: z.uuid().nullable().optional(),
});
