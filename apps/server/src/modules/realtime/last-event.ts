/**
 * When a project's newest event was recorded: a screen that loaded the project's data before its
 * channel listened compares it with when its data came, and reads again only if news may have
 * come in between (the events table is the channel's record).
 */
import { eq, sql } from 'drizzle-orm';
import { events } from '../../platform/events/schema.ts';
import type { AppServices } from '../../services.ts';

export async function lastProjectEventAt(
  services: AppServices,
  projectId: string,
): Promise<Date | null> {
  const [row] = await services.database.db
    .select({ at: sql<Date | null>`max(${events.createdAt})`.mapWith(events.createdAt) })
    .from(events)
    .where(eq(events.projectId, projectId));
  return row?.at ?? null;
}
