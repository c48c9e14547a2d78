/**
 * Two-step verification: TOTP set-up and its confirmation (with one-time recovery codes), turning
 * it off, and checking a code at sign-in — a TOTP code once per time step (#25), or a recovery
 * code, used up and reported by mail.
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { AppError, AUTH_LIMITS } from '@assay/domain';
import { hashToken, safeEqual } from '../../platform/crypto.ts';
import type { AppServices } from '../../services.ts';
import {
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  openSecret,
  sealSecret,
  totpSetup,
  verifyTotp,
} from './mfa.ts';
import { mfaRecoveryCodes, users, type UserRow } from './schema.ts';
import { recoveryCodesLeft, sendSecurityMail } from './security-mail.ts';
import { requireAccountSession, type AuthContext } from './sessions.ts';

/** Checks a TOTP code or an unused recovery code (which is then used up). */
export async function checkSecondFactor(
  services: AppServices,
  user: UserRow,
  code: string,
): Promise<boolean> {
  if (!user.mfaSecret) return true;
  const step = await verifyTotp(
    openSecret(user.mfaSecret, services.config.appSecret),
    code,
    user.mfaLastStep,
  );
  if (step !== null) return acceptStep(services, user.id, step);
  const normalized = normalizeRecoveryCode(code);
  const codes = await services.database.db
    .select()
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, user.id), isNull(mfaRecoveryCodes.usedAt)));
  const digest = hashToken(normalized);
  const match = codes.find((c) => safeEqual(c.codeHash, digest));
  if (!match) return false;
  const used = await services.database.db
    .update(mfaRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(mfaRecoveryCodes.id, match.id), isNull(mfaRecoveryCodes.usedAt)))
    .returning({ id: mfaRecoveryCodes.id });
  if (used.length === 0) return false;
  await sendSecurityMail(services, user.email, {
    kind: 'recoveryCodeUsed',
    remaining: await recoveryCodesLeft(services.database.db, user.id),
  });
  return true;
}

/**
 * Keeps the time step a code was accepted at, unless a later or equal one was already: the same
 * code sent twice at once is accepted once.
 */
async function acceptStep(services: AppServices, userId: string, step: number): Promise<boolean> {
  const kept = await services.database.db
    .update(users)
    .set({ mfaLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step))))
    .returning({ id: users.id });
  return kept.length > 0;
}

/** Starts MFA set-up: a new secret (kept pending until confirmed) as a QR code. */
export async function startMfaSetup(services: AppServices, auth: AuthContext) {
  requireAccountSession(auth);
  const secret = newTotpSecret();
  await services.database.db
    .update(users)
    .set({ mfaPendingSecret: sealSecret(secret, services.config.appSecret) })
    .where(eq(users.id, auth.user.id));
  return totpSetup(secret, auth.user.email);
}

/** Confirms MFA with a code from the app; returns the one-time recovery codes, shown once. */
export async function enableMfa(
  services: AppServices,
  auth: AuthContext,
  code: string,
): Promise<string[]> {
  requireAccountSession(auth);
  const [user] = await services.database.db.select().from(users).where(eq(users.id, auth.user.id));
  if (!user?.mfaPendingSecret)
    throw new AppError('validation', { message: 'Start the set-up again, please.' });
  const secret = openSecret(user.mfaPendingSecret, services.config.appSecret);
  const step = await verifyTotp(secret, code);
  if (step === null) throw new AppError('mfaCodeInvalid');
  const codes = newRecoveryCodes(AUTH_LIMITS.recoveryCodes);
  await services.transaction(async ({ tx }) => {
    await tx
      .update(users)
      .set({
        mfaSecret: user.mfaPendingSecret,
        mfaPendingSecret: null,
        mfaEnabledAt: new Date(),
        // the code that turned it on is used up
        mfaLastStep: step,
      })
      .where(eq(users.id, user.id));
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
    await tx
      .insert(mfaRecoveryCodes)
      .values(
        codes.map((c) => ({ userId: user.id, codeHash: hashToken(normalizeRecoveryCode(c)) })),
      );
  });
  await sendSecurityMail(services, user.email, { kind: 'mfaEnabled' });
  return codes;
}

/** Turns MFA off; needs a current code (or a recovery code). */
export async function disableMfa(services: AppServices, auth: AuthContext, code: string) {
  requireAccountSession(auth);
  const [user] = await services.database.db.select().from(users).where(eq(users.id, auth.user.id));
  if (!user?.mfaSecret) return { mfaEnabled: false };
  if (!(await checkSecondFactor(services, user, code))) throw new AppError('mfaCodeInvalid');
  await services.transaction(async ({ tx }) => {
    await tx
      .update(users)
      .set({ mfaSecret: null, mfaPendingSecret: null, mfaEnabledAt: null })
      .where(eq(users.id, user.id));
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
  });
  await sendSecurityMail(services, user.email, { kind: 'mfaDisabled' });
  return { mfaEnabled: false };
}
