/** zod schemas for project input (server parsing), with the spec's messages. */
import { z } from 'zod';
import { VALIDATION_MESSAGES } from './checks.ts';
import { LANGUAGES, LIMITS } from './limits.ts';
import { PROJECT_ROLES } from './permissions.ts';
import { PRODUCT_SCORE_KEYS, PROJECT_STATUS_VALUES } from './projects.ts';
import { projectNameSchema } from './validation.ts';

export const createProjectSchema = z
  .object({
    name: projectNameSchema,
    description: z.string().max(29900).default(''),
    // Part 1 §5: the language cannot be empty.
    language: z.enum(LANGUAGES, { message: VALIDATION_MESSAGES.languageRequired }).default('en-US'),
    generate: z.boolean().default(false),
    experiments: z.boolean().optional(),
    membership: z.boolean().optional(),
  })
  // Part 1 §5: a description the agent drafts from has the minimum length (#30).
  .superRefine((input, ctx) => {
    // (An empty one is refused by generation itself: "needs a description".)
    const length = input.description.trim().length;
    if (input.generate && length > 0 && length < LIMITS.projectDescriptionMin)
      ctx.addIssue({
        code: 'custom',
        path: ['description'],
        message: VALIDATION_MESSAGES.projectDescriptionMin,
      });
  });

/** migrateProject: the project copied into a new organisation of the caller's, named here. */
export const migrateProjectSchema = z.object({
  projectId: z.uuid('Pick a project to take along.'),
  name: z
    .string()
    .trim()
    .min(1, 'Your organization needs a name.')
    .max(50, 'Please keep the name under 50 characters.'),
});

export const updateProjectSchema = z
  .object({
    name: projectNameSchema,
    description: z.string().max(29900),
    status: z.enum(PROJECT_STATUS_VALUES),
    statusNote: z.string().max(400).nullable(),
    statusReason: z.string().max(400).nullable(),
  })
  .partial()
  .strict();

export const projectSettingsSchema = z
  .object({
    membership: z.boolean(),
    private: z.boolean(),
    academicPrivate: z.boolean(),
    experiments: z.boolean(),
    businessHypotheses: z.boolean(),
    productHypotheses: z.boolean(),
    publicPortal: z.boolean(),
    projectOverview: z.boolean(),
    timeline: z.boolean(),
    productStatus: z.boolean(),
    productTheme: z.boolean(),
    dashboardTabOrder: z.array(z.string().max(40)).max(20),
    productScores: z.array(z.enum(PRODUCT_SCORE_KEYS)).max(PRODUCT_SCORE_KEYS.length),
  })
  .partial()
  .strict();

export const projectRoleSchema = z.enum(PROJECT_ROLES);
