/** zod schemas for organisation updates (server input parsing). */
import { z } from 'zod';
import { CANVAS_SECTIONS } from './canvas.ts';
import { isValidUrl } from './checks.ts';
import { learningSettingsSchema } from './learning-schema.ts';
import { LANGUAGES, LIMITS } from './limits.ts';
import { ORGANIZATION_SCOPES } from './onboarding.ts';

const tag = z.string().trim().min(1).max(50);
const text = (max: number) => z.string().trim().max(max);

export const resourceItemSchema = z.object({
  id: z.string().min(1).max(64),
  title: text(200).min(1, 'Please add a title.'),
  link: z.string().trim().refine(isValidUrl, 'Only http and https links work here.'),
});

/** The resources menu: hidden or not, and its links (PUT …/resources, and within the update). */
export const resourcesSchema = z.object({
  disabled: z.boolean(),
  items: z.array(resourceItemSchema).max(50),
});

export const canvasTemplateSchema = z.object({
  id: z.string().min(1).max(64),
  name: text(100).min(1),
  protected: z.boolean().default(false),
  sections: z.partialRecord(z.enum(CANVAS_SECTIONS), z.object({ name: text(100) })),
});

export const globalFieldSchema = z.object({
  id: z.string().min(1).max(64),
  defaultKey: z.string().max(64).nullable().default(null),
  title: text(100).min(1),
  type: z.enum(['text', 'number', 'dropdown', 'date', 'checkbox']),
  locked: z.boolean().default(false),
  disabled: z.boolean().default(false),
  global: z.boolean().default(true),
  specifications: z
    .object({ options: z.array(text(100)).max(100).default([]) })
    .default({ options: [] }),
  /** The bounds a number field's values keep to (null: none); the lower may not pass the upper. */
  metrics: z
    .object({
      min: z.number().finite().nullable().default(null),
      max: z.number().finite().nullable().default(null),
    })
    .default({ min: null, max: null })
    .refine((m) => m.min === null || m.max === null || m.min <= m.max, {
      message: 'The lowest value can not be above the highest.',
    }),
});

const promptGroupSchema = z.object({
  id: z.string().min(1).max(64),
  defaultKey: z.string().max(64).nullable().default(null),
  title: text(200),
  enabled: z.boolean().default(true),
  prompts: z
    .array(z.object({ id: z.string().max(64), title: text(200), prompt: text(4000) }))
    .max(50)
    .default([]),
});
const promptScopeSchema = z.object({
  enabled: z.boolean().default(false),
  groups: z.array(promptGroupSchema).max(50).default([]),
});

/** What an owner or admin may change on the organisation (PUT /api/org/organizations/{id}). */
export const organizationUpdateSchema = z
  .object({
    name: text(50).min(1, 'Your organization needs a name.'),
    image: z.string().max(500).nullable(),
    location: text(200).nullable(),
    tags: z.object({ cardTags: z.array(tag).max(500), projectTags: z.array(tag).max(500) }),
    resources: resourcesSchema,
    profileDisplayNames: z.object({ title: text(50), department: text(50), aboutMe: text(50) }),
    projectDefaults: z.object({
      private: z.boolean(),
      generate: z.boolean(),
      language: z.enum(LANGUAGES),
      membership: z.boolean(),
      experiments: z.boolean(),
      productHypotheses: z.boolean(),
      businessHypotheses: z.boolean(),
      projectOverview: z.boolean(),
      publicPortal: z.boolean(),
    }),
    canvasTemplates: z.object({
      defaultTemplateId: z.string().max(64).nullable(),
      templates: z.array(canvasTemplateSchema).max(50),
    }),
    globalFields: z.array(globalFieldSchema).max(100),
    promptSettings: z.object({ project: promptScopeSchema, portfolio: promptScopeSchema }),
    globalContext: z.object({ context: text(20000), files: z.array(z.string().max(500)).max(50) }),
    /** Evidence weights by kind and the half-life of evidence (issue #24). */
    learning: learningSettingsSchema,
    /** What members are offered (§3 scope): `onboarding` turns on the set-up questions. */
    scope: z.array(z.enum(ORGANIZATION_SCOPES)).max(ORGANIZATION_SCOPES.length),
  })
  .partial()
  .strict();

export type OrganizationUpdate = z.infer<typeof organizationUpdateSchema>;

/** POST …/ownership: the member the organisation is handed to (issue #29). */
export const transferOwnershipSchema = z.object({
  profileId: z.uuid('Choose a member to hand the organization to.'),
});

/** Deleting an organisation (#29): its name, typed by the owner, confirms it. */
export const deleteOrganizationSchema = z.object({
  confirm: z
    .string('Type the organization’s name to confirm.')
    .max(LIMITS.nameMax * 2, 'Type the organization’s name to confirm.'),
});
