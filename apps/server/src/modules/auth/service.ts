/**
 * Account use cases: sign-up, tokens, sign-in with lockouts, passwords and email. Two-step
 * verification is in two-step.ts, moving between hosts in handoff.ts.
 */
import { hash, verify as verifyHash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  AppError,
  AUTH_LIMITS,
  DEVICE_COOKIE,
  emailSchema,
  ERRORS,
  LICENSES,
  passwordProblem,
  clampPassword,
  sanitizeName,
  type License,
} from '@assay/domain';
import { appOrigin } from '../../http/hosts.ts';
import type { AppServices } from '../../services.ts';
import {
  changeEmailMail,
  confirmEmailMail,
  existingAccountMail,
  resetPasswordMail,
} from '../mail/ports.ts';
import {
  findMembership,
  findOrganizationBySlug,
  joinOrganization,
  pendingInvites,
} from '../organizations/ports.ts';
import { organizations } from '../organizations/schema.ts';
import { requiredSsoOf } from '../organizations/ports.ts';
import { beginAttempt, clearFailures, mayMail, releaseAttempt, type Attempt } from './lockout.ts';
import { licenseKeys, users, type UserRow } from './schema.ts';
import { checkSecondFactor } from './two-step.ts';
import { knownDevice, rememberDevice } from './devices.ts';
import { noteDevice, noticeNewDevice, sendSecurityMail } from './security-mail.ts';
import {
  createSession,
  requireAccountSession,
  revokeAllSessions,
  type AuthContext,
} from './sessions.ts';
import { consumeToken, findLiveToken, issueToken } from './tokens-port.ts';

const HOUR = 60 * 60 * 1000;

function parseEmail(email: unknown): string {
  const parsed = emailSchema.safeParse(typeof email === 'string' ? email : '');
  if (!parsed.success) throw new AppError('invalidEmail');
  return parsed.data;
}

function checkPassword(password: unknown): string {
  const value = clampPassword(typeof password === 'string' ? password : '');
  const problem = passwordProblem(value);
  if (problem === ERRORS.passwordLength.message) throw new AppError('passwordLength');
  if (problem) throw new AppError('validation', { message: problem });
  return value;
}

/** The password hasher (argon2), an object so a test can count what it is asked to hash. */
export const passwordHasher = { hash: (password: string): Promise<string> => hash(password) };

export function hashPassword(password: string): Promise<string> {
  return passwordHasher.hash(password);
}

/** Checks a beta code; returns the license it grants. */
export async function checkLicenseKey(
  services: AppServices,
  code: string,
  licenseType?: string,
): Promise<License> {
  const [key] = await services.database.db
    .select()
    .from(licenseKeys)
    .where(eq(licenseKeys.code, code.trim()));
  const usable =
    key &&
    (!key.expiresAt || key.expiresAt > new Date()) &&
    (key.maxUses === null || key.uses < key.maxUses) &&
    (!licenseType || key.license === licenseType) &&
    (LICENSES as readonly string[]).includes(key.license);
  if (!usable) throw new AppError('invalidBetaCode');
  return key.license as License;
}

/** Step one of sign-up: email (and optional beta code) in, confirmation link out by email. */
export async function startSignup(
  services: AppServices,
  input: { email: unknown; licenseKey?: unknown; license?: unknown },
): Promise<{ sent: true }> {
  const email = parseEmail(input.email);
  const licenseKey =
    typeof input.licenseKey === 'string' && input.licenseKey.trim()
      ? input.licenseKey.trim()
      : null;
  const license = licenseKey
    ? await checkLicenseKey(
        services,
        licenseKey,
        typeof input.license === 'string' ? input.license : undefined,
      )
    : 'garage';
  // A flood of requests for one address sends it three mails an hour, and answers as usual.
  if (!(await mayMail(services.database.db, email, 'signup'))) return { sent: true };
  const [existing] = await services.database.db.select().from(users).where(eq(users.email, email));
  const origin = appOrigin(services.config);
  if (existing) {
    // Same answer either way, so sign-up does not reveal who has an account.
    await services.mailer.send(existingAccountMail(email, `${origin}/sign-in`));
    return { sent: true };
  }
  const token = await issueToken(services.database.db, {
    kind: 'signup',
    email,
    ttlMs: AUTH_LIMITS.signupTokenHours * HOUR,
    data: { licenseKey, license },
  });
  await services.mailer.send(confirmEmailMail(email, `${origin}/sign-up?token=${token}`));
  return { sent: true };
}

export interface TokenInfo {
  kind: string;
  email: string | null;
  exp: string;
  licenseKey: string | null;
  license: string | null;
  organization: { id: string; name: string; slug: string } | null;
}

/** What an emailed link stands for, without using it up (GET /api/auth/token). */
export async function describeToken(
  services: AppServices,
  raw: string | undefined,
): Promise<TokenInfo> {
  const row = await findLiveToken(services.database.db, raw, [
    'signup',
    'invite',
    'resetPassword',
    'changeEmail',
  ]);
  let organization: TokenInfo['organization'] = null;
  const organizationId =
    typeof row.data.organizationId === 'string' ? row.data.organizationId : null;
  if (organizationId) {
    const [org] = await services.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    if (org) organization = { id: org.id, name: org.name, slug: org.slug };
  }
  return {
    kind: row.kind,
    email: row.email,
    exp: row.expiresAt.toISOString(),
    licenseKey: typeof row.data.licenseKey === 'string' ? row.data.licenseKey : null,
    license: typeof row.data.license === 'string' ? row.data.license : null,
    organization,
  };
}

/**
 * Creates the account from a signup or invitation link: the email is confirmed by the link, the
 * user is signed in, and an invitation also makes them a member of its organisation.
 */
export async function createUser(
  services: AppServices,
  request: FastifyRequest,
  input: { token?: unknown; firstName?: unknown; lastName?: unknown; password?: unknown },
) {
  const firstName = sanitizeName(typeof input.firstName === 'string' ? input.firstName : '');
  const lastName = sanitizeName(typeof input.lastName === 'string' ? input.lastName : '');
  if (!firstName || !lastName) {
    throw new AppError('validation', { message: 'Please enter your first and last name.' });
  }
  const password = checkPassword(input.password);
  const raw = typeof input.token === 'string' ? input.token : undefined;
  // The link first: a made-up token costs a lookup, not a password hash (#47 item 6).
  await findLiveToken(services.database.db, raw, ['signup', 'invite']);
  const passwordHash = await hashPassword(password);
  return services.transaction(
    async (unit) => {
      const token = await findLiveToken(unit.tx, raw, ['signup', 'invite']);
      const email = token.email ?? '';
      const [existing] = await unit.tx.select().from(users).where(eq(users.email, email));
      if (existing) throw new AppError('tokenExpired');
      await consumeToken(unit.tx, token);
      const [user] = await unit.tx
        .insert(users)
        .values({
          email,
          passwordHash,
          firstName,
          lastName,
          emailVerifiedAt: new Date(),
          signupLicense: typeof token.data.license === 'string' ? token.data.license : null,
        })
        .returning();
      if (!user) throw new Error('user insert returned no row');
      const organizationId =
        typeof token.data.organizationId === 'string' ? token.data.organizationId : null;
      const membership = organizationId ? await joinOrganization(unit, user, organizationId) : null;
      const session = await createSession(unit.tx, user.id, request);
      // The browser the account was made in is its first known one.
      await noteDevice(unit.tx, user.id, (request.headers['user-agent'] ?? '').slice(0, 400));
      return {
        user,
        sessionToken: session.token,
        license: typeof token.data.license === 'string' ? token.data.license : 'garage',
        organization: membership?.organization ?? null,
      };
    },
    { context: { ip: request.ip, device: (request.headers['user-agent'] ?? '').slice(0, 400) } },
  );
}

export type SignInResult =
  | { kind: 'mfaRequired' }
  | {
      kind: 'signedIn';
      user: UserRow;
      sessionToken: string;
      organizationSlug: string | null;
      /** The browser's device token, when this sign-in gave it a new one (a cookie to set). */
      deviceToken: string | null;
    };

/** A wrong password or code: the attempt stays counted; the last one allowed locks. */
function failSignIn(attempt: Attempt, code: 'wrongPassword' | 'mfaCodeInvalid'): never {
  if (attempt.remaining === 0)
    throw new AppError('tooManyLoginAttempts', {
      details: { attemptsRemaining: 0, retryAfterSeconds: attempt.retryAfterSeconds },
    });
  throw new AppError(code, { details: { attemptsRemaining: attempt.remaining } });
}

// A hash to verify against when the email is unknown, so both cases take the same time.
let decoyHash: Promise<string> | undefined;

/** A sign-in to an organisation goes into its access log. */
export async function recordSignIn(
  services: AppServices,
  request: FastifyRequest,
  organizationId: string,
  profileId: string,
) {
  await services.transaction(({ record }) =>
    record({
      name: 'sessions.create',
      organizationId,
      actorId: profileId,
      subjectType: 'profile',
      subjectId: profileId,
      context: { ip: request.ip, device: (request.headers['user-agent'] ?? '').slice(0, 400) },
    }),
  );
}

/** POST /api/auth/session: password, lockouts, the second factor, and the organisation. */
export async function signIn(
  services: AppServices,
  request: FastifyRequest,
  input: {
    email?: unknown;
    password?: unknown;
    code?: unknown;
    organizationSlug?: string | undefined;
  },
): Promise<SignInResult> {
  const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : '';
  const password = clampPassword(typeof input.password === 'string' ? input.password : '');
  if (!email || !password)
    throw new AppError('wrongPassword', { details: { attemptsRemaining: undefined } });
  const ip = request.ip;
  // Counted before anything is checked, so parallel attempts cannot beat the limit.
  const attempt = await beginAttempt(services.database.db, email, ip);
  const [user] = await services.database.db.select().from(users).where(eq(users.email, email));
  if (!attempt.allowed) {
    // Locked by someone else's guesses: the owner still gets in from a browser the account
    // signed in from before, with the right password and second factor (decision 006). Nothing
    // else is told apart: any failure answers the same lock.
    const locked = () =>
      new AppError('tooManyLoginAttempts', {
        details: { attemptsRemaining: 0, retryAfterSeconds: attempt.retryAfterSeconds },
      });
    const code = typeof input.code === 'string' ? input.code.trim() : '';
    if (!attempt.accountOnly || !user?.mfaSecret || !code) throw locked();
    if (!(await knownDevice(services.database.db, user.id, request.cookies[DEVICE_COOKIE])))
      throw locked();
    if (!(await verifyHash(user.passwordHash, password))) throw locked();
    if (!(await checkSecondFactor(services, user, code))) throw locked();
  } else {
    decoyHash ??= hashPassword('decoy-password-Aa1!');
    const passwordOk = await verifyHash(user?.passwordHash ?? (await decoyHash), password);
    if (!user || !passwordOk) return failSignIn(attempt, 'wrongPassword');

    if (user.mfaSecret) {
      const code = typeof input.code === 'string' ? input.code.trim() : '';
      if (!code) {
        // Asking for the second factor is not a failure.
        await releaseAttempt(services.database.db, email, ip);
        return { kind: 'mfaRequired' };
      }
      if (!(await checkSecondFactor(services, user, code)))
        return failSignIn(attempt, 'mfaCodeInvalid');
    }
    // The password (and code) were right: this attempt was no failure.
    await releaseAttempt(services.database.db, email, ip);
  }
  // A member of an organisation that requires single sign-on goes through its provider.
  const ssoSlug = await requiredSsoOf(services.database.db, user.id);
  if (ssoSlug) throw new AppError('ssoRequired', { details: { organizationSlug: ssoSlug } });

  let organizationSlug: string | null = null;
  let membership: Awaited<ReturnType<typeof findMembership>>;
  if (input.organizationSlug) {
    const org = await findOrganizationBySlug(services.database.db, input.organizationSlug);
    membership = org ? await findMembership(services.database.db, user.id, org.id) : undefined;
    if (!org || !membership) throw new AppError('notAMember');
    organizationSlug = org.slug;
  }
  await clearFailures(services.database.db, email);
  const session = await createSession(services.database.db, user.id, request);
  if (membership)
    await recordSignIn(services, request, membership.organization.id, membership.profileId);
  await noticeNewDevice(services, request, user);
  const deviceToken = await rememberDevice(
    services.database.db,
    user.id,
    request.cookies[DEVICE_COOKIE],
  );
  return { kind: 'signedIn', user, sessionToken: session.token, organizationSlug, deviceToken };
}

export async function forgotPassword(services: AppServices, input: { email?: unknown }) {
  const email = parseEmail(input.email);
  const [user] = await services.database.db.select().from(users).where(eq(users.email, email));
  if (user && (await mayMail(services.database.db, email, 'reset'))) {
    const token = await issueToken(services.database.db, {
      kind: 'resetPassword',
      userId: user.id,
      email,
      ttlMs: AUTH_LIMITS.resetTokenHours * HOUR,
    });
    await services.mailer.send(
      resetPasswordMail(
        email,
        `${appOrigin(services.config)}/sign-in/reset-password?token=${token}`,
      ),
    );
  }
  return { sent: true as const };
}

/** Sets a new password from a reset link; every session of the account is signed out. */
export async function resetPassword(
  services: AppServices,
  input: { token?: unknown; password?: unknown },
) {
  const password = checkPassword(input.password);
  const raw = typeof input.token === 'string' ? input.token : undefined;
  // The link first: a made-up token costs a lookup, not a password hash (#47 item 6).
  await findLiveToken(services.database.db, raw, ['resetPassword']);
  const passwordHash = await hashPassword(password);
  const email = await services.transaction(async (unit) => {
    const token = await findLiveToken(unit.tx, raw, ['resetPassword']);
    await consumeToken(unit.tx, token);
    if (!token.userId) throw new AppError('tokenExpired');
    await unit.tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, token.userId));
    await revokeAllSessions(unit.tx, token.userId);
    if (token.email) await clearFailures(unit.tx, token.email);
    return token.email;
  });
  if (email) await sendSecurityMail(services, email, { kind: 'passwordReset' });
  return { ok: true as const };
}

export async function requestEmailChange(
  services: AppServices,
  auth: AuthContext,
  input: { email?: unknown },
) {
  requireAccountSession(auth);
  const email = parseEmail(input.email);
  // Three confirmations an hour to an address, and three an hour from an account (#47 item 8):
  // counted before sending, so forty at once send three.
  const db = services.database.db;
  if (
    !(await mayMail(db, email, 'changeEmail')) ||
    !(await mayMail(db, `account:${auth.user.id}`, 'changeEmail'))
  )
    throw new AppError('rateLimited');
  const token = await issueToken(services.database.db, {
    kind: 'changeEmail',
    userId: auth.user.id,
    email,
    ttlMs: AUTH_LIMITS.changeEmailTokenHours * HOUR,
  });
  await services.mailer.send(
    changeEmailMail(email, `${appOrigin(services.config)}/change-email?token=${token}`),
  );
  return { sent: true as const };
}

/** PUT /api/auth/email: the link's token moves the account to the new address. */
export async function confirmEmailChange(services: AppServices, input: { token?: unknown }) {
  const changed = await services.transaction(async (unit) => {
    const token = await findLiveToken(
      unit.tx,
      typeof input.token === 'string' ? input.token : undefined,
      ['changeEmail'],
    );
    await consumeToken(unit.tx, token);
    if (!token.userId || !token.email) throw new AppError('tokenExpired');
    const [taken] = await unit.tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, token.email));
    if (taken && taken.id !== token.userId) {
      throw new AppError('validation', {
        message: 'That email already belongs to another account.',
      });
    }
    const [before] = await unit.tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, token.userId));
    await unit.tx
      .update(users)
      .set({ email: token.email, emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, token.userId));
    return { email: token.email, previous: before?.email ?? token.email };
  });
  // Both addresses hear of it: the old one is where someone who took the account would not look.
  await sendSecurityMail(services, [changed.previous, changed.email], {
    kind: 'emailChanged',
    from: changed.previous,
    to: changed.email,
  });
  return { email: changed.email };
}

/** Changes the password of a signed-in user who knows the current one; other sessions end. */
export async function updatePassword(
  services: AppServices,
  auth: AuthContext,
  input: { currentPassword: string; newPassword: string },
) {
  requireAccountSession(auth);
  const [user] = await services.database.db.select().from(users).where(eq(users.id, auth.user.id));
  if (!user || !(await verifyHash(user.passwordHash, clampPassword(input.currentPassword)))) {
    throw new AppError('wrongPassword');
  }
  const password = checkPassword(input.newPassword);
  const passwordHash = await hashPassword(password);
  await services.transaction(async ({ tx }) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id, auth.session.id);
  });
  await sendSecurityMail(services, user.email, { kind: 'passwordChanged' });
}

/** Invitations the signed-in user can accept (the sign-up "invites" step). */
export async function myInvites(services: AppServices, auth: AuthContext) {
  const rows = await pendingInvites(services.database.db, auth.user.email);
  return rows.map((r) => ({
    id: r.invite.id,
    role: r.invite.role,
    organization: { id: r.organization.id, name: r.organization.name, slug: r.organization.slug },
  }));
}
