/**
 * The learning loop's rules as an organisation may set them, checked (issue #24; the rules
 * themselves: learning.ts). Kept apart from them so that a screen that only shows what the
 * evidence says does not load zod (#28, first load).
 */
import { z } from 'zod';
import {
  DEFAULT_EVIDENCE_HALF_LIFE_DAYS,
  DEFAULT_EVIDENCE_WEIGHTS,
  DEFAULT_LEARNING_SETTINGS,
  EVIDENCE_KINDS,
  type LearningSettings,
} from './learning.ts';

const weight = z
  .number({ message: 'Each weight is a number from 0 to 10.' })
  .min(0, 'Each weight is a number from 0 to 10.')
  .max(10, 'Each weight is a number from 0 to 10.');

/** What an organisation may change of the rules (owners and admins, in its settings). */
export const learningSettingsSchema = z
  .object({
    weights: z.object({ say: weight, do: weight, pay: weight }).strict(),
    halfLifeDays: z
      .number()
      .int('The half-life is a whole number of days (0 keeps evidence at full strength).')
      .min(0, 'The half-life is a whole number of days (0 keeps evidence at full strength).')
      .max(3650, 'The half-life is at most 3650 days.'),
  })
  .strict();

/** An organisation's settings over the defaults (what is stored may be partial or empty). */
export function learningSettingsOf(stored: unknown): LearningSettings {
  const value = (stored ?? {}) as Partial<LearningSettings>;
  const merged = {
    weights: { ...DEFAULT_EVIDENCE_WEIGHTS, ...(value.weights ?? {}) },
    halfLifeDays: value.halfLifeDays ?? DEFAULT_EVIDENCE_HALF_LIFE_DAYS,
  };
  return learningSettingsSchema.safeParse(merged).success ? merged : DEFAULT_LEARNING_SETTINGS;
}

export const evidenceKindSchema = z.enum(EVIDENCE_KINDS);
