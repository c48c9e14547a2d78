/** Single sign-on: sign-ins under way at an identity provider (issue #25). */
import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAtColumn } from '../../platform/db/columns.ts';
import { users } from '../auth/schema.ts';
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

/**
 * A domain an organisation's single sign-on may sign in (issue #47): only addresses of domains
 * the organisation has verified, by a DNS TXT record the server reads or by a confirmation mail
 * to an administrative mailbox of the domain. The TXT value is per organisation and domain.
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    challenge: text('challenge').notNull(),
    verifiedAt: at('verified_at'),
    /** 'dns' or 'mail': how it was proved. */
    verifiedBy: text('verified_by'),
    /** The mailbox the last confirmation mail went to, and when (one every ten minutes). */
    mailSentTo: text('mail_sent_to'),
    mailSentAt: at('mail_sent_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.domain] })],
);

/**
 * An account its owner has allowed an organisation's single sign-on to sign in to (issue #47):
 * made when single sign-on creates the account, or after the owner proved it (a confirmation
 * link mailed to the account, or a session of theirs signed in with password and second factor).
 * One per organisation: another organisation's identity provider must be allowed anew.
 */
export const ssoLinks = pgTable(
  'sso_links',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'created' (single sign-on made the account), 'mail' or 'session'. */
    provedBy: text('proved_by').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] })],
);
