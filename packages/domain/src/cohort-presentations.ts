/** A cohort's presentations and resources (part 2 §3 Presentation, §9 guideline sessions): their fields, scores and links. */
import { z } from 'zod';
import { GUIDELINE_SESSIONS } from './canvas.ts';

// Presentations (part 2 §3 Presentation; §9 guideline sessions).

/** A presentation may close one of the nine guideline sessions (canvas.ts), by name. */
export type GuidelineSession = (typeof GUIDELINE_SESSIONS)[number];

export const PRESENTATION_SCORE_MIN = 1;
export const PRESENTATION_SCORE_MAX = 5;

const presentationFields = {
  name: z
    .string()
    .trim()
    .min(1, 'Please give the presentation a name.')
    .max(200, 'Please keep the name under 200 characters.'),
  guidelines: z.string().max(20_000, 'Please shorten your text...'),
  session: z.enum(GUIDELINE_SESSIONS).nullable(),
  presentationDate: z.union([z.iso.datetime({ offset: true }), z.iso.date()]).nullable(),
  projectIds: z.array(z.uuid()).max(200),
};

export const createPresentationSchema = z.object({
  cohortId: z.uuid(),
  name: presentationFields.name,
  guidelines: presentationFields.guidelines.default(''),
  session: presentationFields.session.default(null),
  presentationDate: presentationFields.presentationDate.default(null),
  /** The teams presenting; every team (Sample Team aside) when absent. */
  projectIds: presentationFields.projectIds.optional(),
});

export const updatePresentationSchema = z
  .object({
    presentationId: z.uuid(),
    ...presentationFields,
    instructorCritique: z.string().max(20_000, 'Please shorten your text...'),
  })
  .partial()
  .required({ presentationId: true });

export const scorePresentationSchema = z.object({
  teamPresentationId: z.uuid(),
  score: z
    .number()
    .int()
    .min(
      PRESENTATION_SCORE_MIN,
      `Scores go from ${PRESENTATION_SCORE_MIN} to ${PRESENTATION_SCORE_MAX}.`,
    )
    .max(
      PRESENTATION_SCORE_MAX,
      `Scores go from ${PRESENTATION_SCORE_MIN} to ${PRESENTATION_SCORE_MAX}.`,
    ),
});

/** The average of scores to one decimal, or null without any. */
export function averageScore(scores: number[]): number | null {
  if (scores.length === 0) return null;
  return Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10;
}

const link = z
  .string()
  .trim()
  .max(2000)
  .refine((l) => /^https?:\/\/\S+$/i.test(l), 'Please enter a link starting with https://');
const listId = z.string().min(1).max(40);

/** updateCohortResources: the cohort's links and its course videos. */
export const cohortResourcesSchema = z.object({
  cohortId: z.uuid(),
  resources: z
    .array(
      z.object({
        id: listId,
        title: z.string().trim().min(1, 'Please give the resource a title.').max(200),
        link,
      }),
    )
    .max(50)
    .optional(),
  videos: z
    .array(
      z.object({
        id: listId,
        title: z.string().trim().min(1, 'Please give the video a title.').max(200),
        url: link,
      }),
    )
    .max(100)
    .optional(),
});
