import { getTableColumns, sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAtColumn, idColumn, updatedAtColumn } from '../../platform/db/columns.ts';

/** A person who signs in. Their memberships of organisations are profiles. */
export const users = pgTable('users', {
  id: idColumn(),
  /** Lowercased. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  emailVerifiedAt: at('email_verified_at'),
  /** Encrypted TOTP secret once MFA is on; the pending one while it is being set up. */
  mfaSecret: text('mfa_secret'),
  /** The last TOTP time step accepted: a code of that step or before is refused (#25). */
  mfaLastStep: integer('mfa_last_step'),
  mfaPendingSecret: text('mfa_pending_secret'),
  mfaEnabledAt: at('mfa_enabled_at'),
  /** The license a beta code granted at sign-up; the first organisation gets it. */
  signupLicense: text('signup_license'),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

export type UserRow = typeof users.$inferSelect;

const {
  passwordHash: _passwordHash,
  mfaSecret: _mfaSecret,
  mfaPendingSecret: _mfaPendingSecret,
  mfaLastStep: _mfaLastStep,
  ...sessionUserColumns
} = getTableColumns(users);
/**
 * The signed-in user as every request carries it: without the password's hash and the two-step
 * secrets, which only signing in and changing the account read (from the table, when they do).
 */
export const userSessionColumns = sessionUserColumns;
export type SessionUser = Omit<
  UserRow,
  'passwordHash' | 'mfaSecret' | 'mfaPendingSecret' | 'mfaLastStep'
>;

/** Signed-in sessions; only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAtColumn(),
    lastSeenAt: at('last_seen_at')
      .notNull()
      .default(sql`now()`),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    /**
     * Set when single sign-on opened the session: it opens that organisation only, and cannot
     * change the account (email, password, two-step verification) — an identity provider vouches
     * for its organisation, not for the whole account (issue #25).
     */
    scopedOrganizationId: uuid('scoped_organization_id'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export type SessionRow = typeof sessions.$inferSelect;

/**
 * Single-use, expiring tokens sent by email or handed between hosts: signup, invite,
 * resetPassword, changeEmail, handoff. Only the SHA-256 of the token is stored.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: idColumn(),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('auth_tokens_email_idx').on(t.email)],
);

export type AuthTokenRow = typeof authTokens.$inferSelect;

/** Beta (invite) codes that grant a license at sign-up. */
export const licenseKeys = pgTable('license_keys', {
  code: text('code').primaryKey(),
  license: text('license').notNull(),
  maxUses: integer('max_uses'),
  uses: integer('uses').notNull().default(0),
  expiresAt: at('expires_at'),
  createdAt: createdAtColumn(),
});

/** Failed sign-in attempts, by account ("email:…") and by address ("ip:…"), for lockouts. */
/**
 * Sign-in attempts per account and per address in the current lockout window: one row per key,
 * counted up by a single upsert before the password is checked, so parallel attempts cannot
 * all slip under the limit (issue #25).
 */
export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: at('window_start').notNull(),
});

/** One-time MFA recovery codes, stored hashed. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/**
 * The browsers an account has signed in from (a hash of the user agent): a sign-in from one not
 * listed gets a security notice by mail (issue #25). One row per browser, so parallel sign-ins
 * from a new browser send one notice.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);
