import {
  integer,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  OnboardingState,
  TipCardType,
  OrganizationBilling,
  OrganizationUpdate,
  PROFILE_DISPLAY_NAMES,
  PROJECT_DEFAULTS,
  LearningSettings,
  OrganizationScope,
} from '@assay/domain';
import { users } from '../auth/schema.ts';
import { at, createdAtColumn, idColumn, updatedAtColumn } from '../../platform/db/columns.ts';

/** The tenant: every row of every module carries its organization_id. */
export const organizations = pgTable('organizations', {
  id: idColumn(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  license: text('license').notNull().default('garage'),
  sso: boolean('sso').notNull().default(false),
  image: text('image'),
  location: text('location'),
  /** Plan allowance for the AI agent also needs this flag (the glidrai feature). */
  generation: boolean('generation').notNull().default(true),
  allowSupport: boolean('allow_support').notNull().default(false),
  fromProjectId: uuid('from_project_id'),
  limits: jsonb('limits')
    .$type<{ project?: number | null; profile?: number | null; cohort?: number | null }>()
    .notNull()
    .default({}),
  billing: jsonb('billing').$type<OrganizationBilling>().notNull().default({}),
  tags: jsonb('tags')
    .$type<{ cardTags: string[]; projectTags: string[] }>()
    .notNull()
    .default({ cardTags: [], projectTags: [] }),
  resources: jsonb('resources')
    .$type<{ disabled: boolean; items: { id: string; title: string; link: string }[] }>()
    .notNull()
    .default({ disabled: false, items: [] }),
  profileDisplayNames: jsonb('profile_display_names')
    .$type<Partial<typeof PROFILE_DISPLAY_NAMES>>()
    .notNull()
    .default({}),
  projectDefaults: jsonb('project_defaults')
    .$type<Partial<typeof PROJECT_DEFAULTS>>()
    .notNull()
    .default({}),
  canvasTemplates: jsonb('canvas_templates')
    .$type<NonNullable<OrganizationUpdate['canvasTemplates']>>()
    .notNull()
    .default({ defaultTemplateId: null, templates: [] }),
  globalFields: jsonb('global_fields')
    .$type<NonNullable<OrganizationUpdate['globalFields']>>()
    .notNull()
    .default([]),
  promptSettings: jsonb('prompt_settings')
    .$type<Partial<NonNullable<OrganizationUpdate['promptSettings']>>>()
    .notNull()
    .default({}),
  globalContext: jsonb('global_context')
    .$type<NonNullable<OrganizationUpdate['globalContext']>>()
    .notNull()
    .default({ context: '', files: [] }),
  assistant: jsonb('assistant')
    .$type<{ active?: boolean; vectorized?: boolean; processing?: boolean }>()
    .notNull()
    .default({}),
  /** Evidence weights by kind and half-life (issue #24); the domain's defaults fill what is unset. */
  learning: jsonb('learning').$type<Partial<LearningSettings>>().notNull().default({}),
  /** What members are offered (part 1 §3 scope); `onboarding` gates the set-up questions (§6). */
  scope: jsonb('scope').$type<OrganizationScope[]>().notNull().default(['default', 'onboarding']),
  /** When an owner asked for the organisation's deletion (#29): it is removed at this time. */
  deletionDueAt: at('deletion_due_at'),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

export type OrganizationRow = typeof organizations.$inferSelect;

/** The tenant column every row of every module carries. */
export const organizationIdColumn = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/** A user's membership of an organisation (the spec's Profile). */
export const profiles = pgTable(
  'profiles',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('collaborator'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull(),
    portfolioAccess: boolean('portfolio_access').notNull().default(false),
    /** What the person does (part 1 §3 jobRole), as they wrote it. */
    jobRole: text('job_role').notNull().default(''),
    /** Avatar colour, 1 to 8. */
    bgColor: integer('bg_color').notNull().default(1),
    image: text('image'),
    info: jsonb('info')
      .$type<{
        title?: string;
        department?: string;
        aboutMe?: string;
        phone?: string;
        nickname?: string;
        linkedin?: string;
      }>()
      .notNull()
      .default({}),
    /**
     * The project onboarding (part 1 §3 Onboarding object; absent: nothing to show), the
     * getting-started checklist flag and the first-time tips seen (absent: the defaults).
     */
    onboarding: jsonb('onboarding')
      .$type<{
        projectOnboarding?: OnboardingState;
        showChecklist?: boolean;
        seen?: Partial<Record<TipCardType, boolean>>;
      }>()
      .notNull()
      .default({}),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('profiles_organization_user_idx').on(t.organizationId, t.userId),
    index('profiles_user_idx').on(t.userId),
  ],
);

export type ProfileRow = typeof profiles.$inferSelect;

/** An invitation to join an organisation by email. */
export const invites = pgTable(
  'invites',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    email: text('email').notNull(),
    role: text('role').notNull().default('collaborator'),
    /** pending, accepted, rescinded */
    status: text('status').notNull().default('pending'),
    invitedByProfileId: uuid('invited_by_profile_id'),
    resentAt: at('resent_at'),
    /** Projects the person joins with the invitation, and their role in each. */
    projects: jsonb('projects').$type<{ id: string; role: string }[]>().notNull().default([]),
    /** Cohorts the person joins with the invitation, and their cohort role in each. */
    cohorts: jsonb('cohorts').$type<{ id: string; role: string }[]>().notNull().default([]),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('invites_organization_idx').on(t.organizationId),
    index('invites_email_idx').on(t.email),
  ],
);

export type InviteRow = typeof invites.$inferSelect;

/** Who did what, from where (business plans and above show them). */
export const accessLogs = pgTable(
  'access_logs',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    /** The profile the entry is about (the actor for sign-ins). */
    profileId: uuid('profile_id'),
    /** The profile that acted. */
    actorId: uuid('actor_id'),
    projectId: uuid('project_id'),
    service: text('service').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    optionals: jsonb('optionals').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    device: text('device'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('access_logs_organization_created_idx').on(t.organizationId, t.createdAt),
    index('access_logs_profile_created_idx').on(t.profileId, t.createdAt),
  ],
);

export type AccessLogRow = typeof accessLogs.$inferSelect;
