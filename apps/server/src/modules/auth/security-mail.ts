/**
 * Security notices (issue #25): the account is told by mail, through the outbox, when its
 * password, email (both addresses) or two-step verification changes, when a recovery code is
 * used, and when it signs in from a browser it had not used. A notice that cannot be sent is
 * logged; the change it reports stands.
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { describeDevice } from '@assay/domain';
import { appOrigin } from '../../http/hosts.ts';
import { hashToken } from '../../platform/crypto.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { AppServices } from '../../services.ts';
import { securityMail, type SecurityEvent } from '../mail/ports.ts';
import { knownDevices, mfaRecoveryCodes } from './schema.ts';

export async function sendSecurityMail(
  services: AppServices,
  to: string | string[],
  event: SecurityEvent,
): Promise<void> {
  const url = `${appOrigin(services.config)}/profile/security`;
  const at = new Date();
  for (const address of new Set([to].flat())) {
    try {
      await services.mailer.send(securityMail(address, event, at, url));
    } catch (error) {
      services.logger.error({ err: error, kind: event.kind }, 'security notice not sent');
    }
  }
}

/**
 * Notes the browser of a sign-in; answers true when the account had signed in before but never
 * from this browser. The first browser of an account is simply noted. One row per browser, so
 * parallel sign-ins from a new one answer true once.
 */
export async function noteDevice(db: Executor, userId: string, userAgent: string) {
  const deviceHash = hashToken(`device\n${userAgent}`);
  const [known] = await db
    .select({ n: count() })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId));
  const added = await db
    .insert(knownDevices)
    .values({ userId, deviceHash })
    .onConflictDoNothing()
    .returning({ userId: knownDevices.userId });
  return added.length > 0 && (known?.n ?? 0) > 0;
}

/** Mails the account when a sign-in comes from a browser it had not used. */
export async function noticeNewDevice(
  services: AppServices,
  request: FastifyRequest,
  user: { id: string; email: string },
) {
  const userAgent = (request.headers['user-agent'] ?? '').slice(0, 400);
  if (await noteDevice(services.database.db, user.id, userAgent)) {
    await sendSecurityMail(services, user.email, {
      kind: 'newDevice',
      device: describeDevice(userAgent),
      ip: request.ip,
    });
  }
}

/** Recovery codes the account has left, for the notice that one was used. */
export async function recoveryCodesLeft(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}
