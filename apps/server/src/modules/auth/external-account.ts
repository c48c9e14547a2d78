/**
 * The account of a person an identity provider vouched for (single sign-on, issue #25): the one
 * with their address, or a new one. A new account gets an unusable random password (the reset
 * link can set a real one) and counts as verified: the provider checked the address.
 */
import { eq } from 'drizzle-orm';
import { sanitizeName } from '@assay/domain';
import { randomToken } from '../../platform/crypto.ts';
import type { Executor } from '../../platform/db/index.ts';
import { users, type UserRow } from './schema.ts';
import { hashPassword } from './service.ts';

export interface ExternalIdentity {
  email: string;
  firstName: string;
  lastName: string;
}

export async function accountForExternalIdentity(
  db: Executor,
  identity: ExternalIdentity,
): Promise<{ user: UserRow; created: boolean }> {
  const [existing] = await db.select().from(users).where(eq(users.email, identity.email));
  if (existing) return { user: existing, created: false };
  const local = identity.email.slice(0, identity.email.indexOf('@'));
  const [created] = await db
    .insert(users)
    .values({
      email: identity.email,
      passwordHash: await hashPassword(randomToken()),
      firstName: sanitizeName(identity.firstName) || sanitizeName(local) || 'Member',
      lastName: sanitizeName(identity.lastName),
      emailVerifiedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning();
  if (created) return { user: created, created: true };
  // Made at the same moment by another sign-in of the same person.
  const [made] = await db.select().from(users).where(eq(users.email, identity.email));
  if (!made) throw new Error('account neither found nor created');
  return { user: made, created: false };
}
