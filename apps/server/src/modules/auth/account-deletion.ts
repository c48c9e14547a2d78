/**
 * Deleting an account (issue #29, account lifecycle): the person proves it with their password;
 * every organisation they were in keeps what they made under "Former member" (forgetPerson), and
 * the account itself is emptied of personal data — its email, names, password, second factor,
 * sessions, links, devices and recovery codes — in one transaction. The old address is told.
 * Refused while the person is the only owner of an organisation.
 */
import { randomBytes } from 'node:crypto';
import { verify as verifyHash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { AppError, clampPassword } from '@assay/domain';
import type { AuthContext } from './sessions.ts';
import type { RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { forgetPerson } from '../organizations/ports.ts';
import { authTokens, knownDevices, mfaRecoveryCodes, sessions, users } from './schema.ts';
import { mailOutbox } from '../../platform/mail/schema.ts';
import { ssoLinks } from '../sso/schema.ts';
import { sendSecurityMail } from './security-mail.ts';
import { hashPassword } from './service.ts';
import { requireAccountSession } from './sessions.ts';

export async function deleteAccount(
  services: AppServices,
  auth: AuthContext,
  input: { password?: unknown } | undefined,
  context: RequestContext,
) {
  requireAccountSession(auth);
  const [user] = await services.database.db.select().from(users).where(eq(users.id, auth.user.id));
  const password = typeof input?.password === 'string' ? input.password : '';
  if (!user || !(await verifyHash(user.passwordHash, clampPassword(password)))) {
    throw new AppError('wrongPassword');
  }
  // Nobody knows this password: the emptied account can never be signed in to again.
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  await services.transaction(
    async (unit) => {
      await forgetPerson(unit, user.id);
      await unit.tx
        .update(users)
        .set({
          email: `deleted-${user.id}@deleted.invalid`,
          firstName: 'Former',
          lastName: 'member',
          passwordHash: unusable,
          mfaSecret: null,
          mfaPendingSecret: null,
          mfaEnabledAt: null,
          mfaLastStep: null,
          signupLicense: null,
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id));
      await unit.tx.delete(sessions).where(eq(sessions.userId, user.id));
      await unit.tx.delete(authTokens).where(eq(authTokens.userId, user.id));
      await unit.tx.delete(knownDevices).where(eq(knownDevices.userId, user.id));
      await unit.tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
      // No organisation's single sign-on may enter the emptied account (issue #47).
      await unit.tx.delete(ssoLinks).where(eq(ssoLinks.userId, user.id));
      // The mail kept for the old address (links, names) goes too; the notice below is the last.
      await unit.tx.delete(mailOutbox).where(eq(mailOutbox.to, user.email));
    },
    { context },
  );
  await sendSecurityMail(services, user.email, { kind: 'accountDeleted' });
  return { deleted: true };
}
