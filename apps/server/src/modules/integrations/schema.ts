import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAtColumn, idColumn, updatedAtColumn } from '../../platform/db/columns.ts';
import { organizationIdColumn, profiles } from '../organizations/schema.ts';
import { projects } from '../projects/schema.ts';

/**
 * A project's connection to another service (part 2 §3 Project integrations): what it may show
 * (settings) and, sealed with the app secret, what it must never show (webhook address, tokens).
 */
export const projectIntegrations = pgTable(
  'project_integrations',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** slack, intercom, jira, trello, zapier, figma or zoom */
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Settings people may read back (channel, events, Jira site, a masked hint of the secret). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** AES-256-GCM sealed JSON of the secrets (webhook address, tokens); never sent to clients. */
    secret: text('secret'),
    /** The service refused the credentials or the channel: shown until it is set up again. */
    invalid: boolean('invalid').notNull().default(false),
    lastError: text('last_error'),
    connectedByProfileId: uuid('connected_by_profile_id').references(() => profiles.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('project_integrations_project_name_idx').on(t.projectId, t.name)],
);
export type ProjectIntegrationRow = typeof projectIntegrations.$inferSelect;

/** Zapier REST hook subscriptions: Zapier gives the address, Assay posts events to it. */
export const zapierHooks = pgTable(
  'zapier_hooks',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    hookUrl: text('hook_url').notNull(),
    /** card.created or card.updated */
    event: text('event').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('zapier_hooks_project_idx').on(t.projectId, t.event)],
);

/**
 * API tokens: a member's personal token for the browser extension (a long-lived session of its
 * own) and a project's token for Zapier. Kept sealed so the owner can read it again; found by hash.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    /**
     * user (the browser extension), project (Zapier) or access (a personal access token for the
     * team's own AI assistant over MCP, issue #52)
     */
    kind: text('kind').notNull(),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** Sealed with the app secret to be shown again; null for access tokens (shown once). */
    sealed: text('sealed'),
    /** An access token's name, as its owner gave it. */
    name: text('name'),
    /** An access token's reach: read or write. */
    access: text('access'),
    expiresAt: at('expires_at'),
    createdAt: createdAtColumn(),
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
  },
  (t) => [
    index('api_tokens_profile_idx').on(t.profileId),
    index('api_tokens_project_idx').on(t.projectId),
  ],
);
