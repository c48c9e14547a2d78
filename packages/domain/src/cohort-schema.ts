/**
 * What instructors and admins send about a cohort, checked (part 2 §3 Cohort, §6 cohort roles;
 * the cohort's timing, roles and abilities: cohorts.ts). Kept apart so that a screen that only
 * names cohort roles does not load zod (#28, first load).
 */
import { z } from 'zod';
import { ASSIGNABLE_COHORT_ROLES } from './cohorts.ts';

const optionalDate = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()])
  .nullable()
  .optional();

export const cohortSettingsSchema = z.object({
  publicInstructorComments: z.boolean().optional(),
  peerCommentsReport: z.boolean().optional(),
  weeklyInterviewGoal: z
    .number()
    .int()
    .min(1, 'The weekly interview goal must be at least 1.')
    .max(1000)
    .optional(),
  customTeamCount: z.number().int().min(1).max(1000).nullable().optional(),
});

export const createCohortSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Please give the cohort a name.')
    .max(120, 'Please keep the name under 120 characters.'),
  startsAt: optionalDate,
  endsAt: optionalDate,
  weekBeginsOn: z.number().int().min(0).max(6).default(1),
  location: z.string().trim().max(200).default(''),
  language: z.string().trim().max(20).default('en-US'),
  /** One of the organisation's canvas templates; null: the organisation's default. */
  defaultCanvasId: z.string().max(64).nullable().optional(),
});

export const updateCohortSchema = createCohortSchema.partial().extend({
  cohortId: z.uuid(),
  endsAtDisplay: optionalDate,
  deactivatesAt: optionalDate,
  draft: z.literal(false).optional(),
  tags: z.array(z.string().trim().min(1).max(50)).max(30).optional(),
  settings: cohortSettingsSchema.optional(),
  info: z
    .object({
      agency: z.string().max(200),
      hub: z.string().max(200),
      adminPartners: z.string().max(500),
      university: z.string().max(200),
    })
    .partial()
    .optional(),
  /** Set by the organisation's owners and admins: transcription hours across the teams. */
  limits: z
    .object({
      transcriptionHours: z
        .number()
        .min(0, 'Transcription hours cannot be negative.')
        .max(10_000)
        .nullable(),
    })
    .partial()
    .optional(),
  payment: z
    .object({
      editorPay: z.boolean(),
      editorFeeInCents: z.number().int().min(0).max(1_000_000),
    })
    .partial()
    .optional(),
});

/** An instructor's or mentor's decision on a hypothesis marked ready. */
export const reviewDecisionSchema = z
  .object({
    cardId: z.string().uuid(),
    decision: z.enum(['approve', 'changes']),
    note: z.string().trim().max(2000, 'Please shorten your note to 2000 characters.').default(''),
  })
  .strict()
  .refine((d) => d.decision === 'approve' || d.note.length > 0, {
    message: 'Say what the team should change.',
    path: ['note'],
  });

export const changeCohortRoleSchema = z.object({
  cohortId: z.string().uuid(),
  profileId: z.string().uuid(),
  role: z.enum(ASSIGNABLE_COHORT_ROLES),
});

export const updateTeamPresentationSchema = z.object({
  teamPresentationId: z.uuid(),
  name: z.string().trim().max(120, 'Please keep the title under 120 characters.'),
});
