/**
 * When a member's newest notification was made: their inbox channel carries only new
 * notifications, so a screen that read the inbox before the channel listened reads it again only
 * if one may have come in between (as a project's channel does with its events).
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';
import { notifications } from './schema.ts';

export async function lastNotificationAt(db: Executor, profileId: string): Promise<Date | null> {
  const [row] = await db
    .select({
      at: sql<Date | null>`max(${notifications.createdAt})`.mapWith(notifications.createdAt),
    })
    .from(notifications)
    .where(eq(notifications.profileId, profileId));
  return row?.at ?? null;
}
