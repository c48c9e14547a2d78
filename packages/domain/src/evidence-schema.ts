/** zod schemas for evidence cards and interviewees. */
import { z } from 'zod';
import { ENGAGEMENT_TYPES } from './evidence.ts';
import { LIMITS } from './limits.ts';
import { evidenceKindSchema } from './learning-schema.ts';

const id = z.string().uuid();
const text = (max: number) => z.string().trim().max(max);
const tag = z.string().trim().min(1).max(50);
const fieldValue = z.union([
  z.string().max(LIMITS.textFieldMax),
  z.number(),
  z.boolean(),
  z.null(),
]);

export const intervieweeInputSchema = z.object({
  name: text(200),
  email: text(LIMITS.emailMax).default(''),
  phone: text(50).default(''),
  title: text(500).default(''),
  company: text(200).default(''),
  companyLocation: text(200).default(''),
  linkedin: text(256).default(''),
  notes: text(2000).default(''),
});

export const updatePostSchema = z
  .object({
    cardId: id,
    version: z.number().int().min(1),
    title: z.string().max(1000),
    summary: z.string().max(LIMITS.textFieldMax, 'Please shorten your text...'),
    email: z.string().max(LIMITS.textFieldMax, 'Please shorten your text...').nullable(),
    isEvidence: z.boolean(),
    tags: z.array(tag).max(100),
    fields: z.record(z.string().max(64), fieldValue),
    reviewed: z.boolean(),
    /** What this evidence records: what people say, do or pay; null for its type's default. */
    evidenceKind: evidenceKindSchema.nullable(),
  })
  .partial()
  .required({ cardId: true, version: true })
  .strict();

export const updateInterviewSchema = z
  .object({
    cardId: id,
    version: z.number().int().min(1),
    title: z.string().max(1000),
    date: z.string().datetime({ offset: true }).nullable(),
    engagement: z.object({ profileId: id.nullable(), type: z.enum(ENGAGEMENT_TYPES) }).nullable(),
    tags: z.array(tag).max(100),
    fields: z.record(z.string().max(64), fieldValue),
    reviewed: z.boolean(),
    /** A new person (by their details) or an existing contact (by id). */
    addInterviewee: z.union([z.object({ id }), intervieweeInputSchema]),
    removeIntervieweeId: id,
    evidenceKind: evidenceKindSchema.nullable(),
  })
  .partial()
  .required({ cardId: true, version: true })
  .strict();

export const intervieweeUpdatesSchema = z.object({
  intervieweeUpdates: z.array(intervieweeInputSchema.partial().extend({ id })).min(1).max(200),
});
