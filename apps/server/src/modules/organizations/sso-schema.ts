/** An organisation's identity provider for single sign-on (issue #25). */
import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from '../../platform/db/columns.ts';
import { organizations } from './schema.ts';

/** One identity provider per organisation; the client secret is sealed with the app secret. */
export const organizationSso = pgTable('organization_sso', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  protocol: text('protocol').notNull().default('oidc'),
  oidcIssuer: text('oidc_issuer').notNull().default(''),
  oidcClientId: text('oidc_client_id').notNull().default(''),
  oidcClientSecret: text('oidc_client_secret'),
  samlMetadataXml: text('saml_metadata_xml').notNull().default(''),
  allowedDomains: jsonb('allowed_domains')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  requireSso: boolean('require_sso').notNull().default(false),
  jitRole: text('jit_role'),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

export type OrganizationSsoRow = typeof organizationSso.$inferSelect;
