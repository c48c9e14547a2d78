/**
 * A cohort's channel, c{cohortId} (#26): whatever changes in the cohort — a presentation, a
 * score, a member, any card of one of its teams — tells the cohort's open screens (leaderboard,
 * presentations) to refresh. The message says only that something changed: the screens then read
 * what their viewer may see, so nothing of a team reaches a viewer who may not see it.
 */
import { eq } from 'drizzle-orm';
import type { EventRow } from '../../platform/events/schema.ts';
import { channel } from '../../platform/realtime/bus.ts';
import type { AppServices } from '../../services.ts';
import { projects } from '../projects/schema.ts';

export const COHORT_CHANGED = 'cohorts.changed';

/** A project's cohort, remembered a few minutes (a team stays in its cohort). */
const cohortOfProject = new Map<string, { cohortId: string | null; at: number }>();
const REMEMBER_MS = 5 * 60 * 1000;

async function cohortOf(services: AppServices, event: EventRow): Promise<string | null> {
  if (event.name.startsWith('cohorts.')) {
    if (event.subjectType === 'cohort' && event.subjectId) return event.subjectId;
    const named = (event.changes as { cohortId?: unknown } | null)?.cohortId;
    if (typeof named === 'string') return named;
  }
  if (!event.projectId) return null;
  const known = cohortOfProject.get(event.projectId);
  if (known && Date.now() - known.at < REMEMBER_MS) return known.cohortId;
  const [row] = await services.database.db
    .select({ cohortId: projects.cohortId })
    .from(projects)
    .where(eq(projects.id, event.projectId));
  const cohortId = row?.cohortId ?? null;
  cohortOfProject.set(event.projectId, { cohortId, at: Date.now() });
  return cohortId;
}

export function registerCohortChannel(services: AppServices) {
  services.events.route(async (event) => {
    const cohortId = await cohortOf(services, event);
    if (!cohortId) return [];
    return [
      {
        channel: channel('c', cohortId),
        message: {
          event: COHORT_CHANGED,
          id: event.id,
          subjectType: 'cohort',
          subjectId: cohortId,
          projectId: null,
          actorId: event.actorId,
          changes: { source: event.name },
          clientId: event.context.clientId ?? null,
          at: event.createdAt.toISOString(),
        },
      },
    ];
  });
}
