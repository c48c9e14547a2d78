/** Single sign-on: sign-ins under way at an identity provider (issue #25). */
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAtColumn } from '../../platform/db/columns.ts';
import { organizations } from '../organizations/schema.ts';

/**
 * A sign-in sent to an identity provider and not yet back: the OIDC state (hashed) or the SAML
 * request id. It is deleted when the answer comes, so an answer works once; it binds the answer
 * to the browser that started, and keeps the PKCE verifier (sealed) and the nonce.
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    id: text('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    protocol: text('protocol').notNull(),
    browser: text('browser').notNull(),
    path: text('path').notNull().default('/'),
    codeVerifier: text('code_verifier'),
    nonce: text('nonce'),
    createdAt: createdAtColumn(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('sso_logins_expires_idx').on(t.expiresAt)],
);
