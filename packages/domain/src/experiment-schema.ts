/** zod schemas for experiments (server parsing), with the spec's messages. */
import { z } from 'zod';
import { EXPERIMENT_PHASES } from './canvas.ts';
import { isValidRank } from './cards.ts';
import { EXPERIMENT_MESSAGES, EXPERIMENT_TYPES } from './experiments.ts';
import { LIMITS } from './limits.ts';

const id = z.string().uuid();
const tag = z.string().trim().min(1).max(50);
const short = z.string().trim().max(2000, 'Please shorten your text...');
const long = z.string().max(LIMITS.textFieldMax, 'Please shorten your text...');
const fieldValue = z.union([
  z.string().max(LIMITS.textFieldMax),
  z.number(),
  z.boolean(),
  z.null(),
]);

export const successCriterionSchema = z.object({
  id: z.string().min(1).max(64),
  measurement: short.default(''),
  expectation: short.default(''),
  achieved: z.boolean().nullable().default(null),
  evidence: z.array(id).max(200).default([]),
});

export const experimentAnalysisSchema = z.object({
  market: long.default(''),
  investment: long.default(''),
  details: long.default(''),
  hypothesisChanged: z.boolean().default(false),
  hypothesis: z
    .array(
      z.object({
        id,
        value: short.default(''),
        reason: z
          .string()
          .max(LIMITS.reasonMax - 1, 'The reason must be less than 400 characters.')
          .default(''),
      }),
    )
    .max(100)
    .default([]),
});

export const updateExperimentSchema = z
  .object({
    cardId: id,
    version: z.number().int().min(1),
    title: z.string().max(1000),
    experimentType: z.enum(EXPERIMENT_TYPES),
    /** An ISO date (yyyy-mm-dd) or date-time; null clears it. */
    dueDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}(T.*)?$/, 'Please enter a valid date.')
      .refine((v) => !Number.isNaN(new Date(v).getTime()), 'Please enter a valid date.')
      .nullable(),
    members: z.array(id).max(100),
    success: z.boolean().nullable(),
    successCriteria: z.array(successCriterionSchema).max(50),
    analyze: experimentAnalysisSchema,
    keyLearnings: z.string().max(LIMITS.keyLearningsMax, EXPERIMENT_MESSAGES.keyLearningsTooLong),
    phase: z.enum(EXPERIMENT_PHASES),
    /** Position in the phase column (fractional key). */
    rank: z.string().refine(isValidRank, 'That position is not valid.'),
    tags: z.array(tag).max(100),
    fields: z.record(z.string().max(64), fieldValue),
  })
  .partial()
  .required({ cardId: true, version: true })
  .strict();
export type UpdateExperimentInput = z.infer<typeof updateExperimentSchema>;

export const experimentListSchema = z.object({
  projectId: id,
  phases: z.array(z.enum(EXPERIMENT_PHASES)).max(4).optional(),
  search: z.string().max(200).optional(),
  mine: z.boolean().optional(),
});
