/**
 * A cohort's resources (links and files) and course videos (part 2 §3 Cohort resources,
 * resourceMedia; cohortVideoWatched): those who run the cohort keep the lists; everyone in the
 * cohort reads them, and each person's watched videos are recorded for the video report.
 */
import { and, eq } from 'drizzle-orm';
import { AppError, cohortResourcesSchema } from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { media } from '../media/schema.ts';
import { presentMedia } from '../media/ports.ts';
import { profiles } from '../organizations/schema.ts';
import { parse } from '../../http/parse.ts';
import { cohortVideoViews, cohorts } from './schema.ts';
import { cohortAccess } from './access.ts';

/** The cohort's resources, files and videos, with the viewer's watched videos. */
export async function cohortResources(
  services: AppServices,
  member: MemberContext,
  cohortId: string,
) {
  const { cohort } = await cohortAccess(services, member, cohortId);
  const db = services.database.db;
  const [files, watched] = await Promise.all([
    db
      .select()
      .from(media)
      .where(and(eq(media.collection, 'cohortResources'), eq(media.subjectId, cohort.id))),
    db
      .select({ videoId: cohortVideoViews.videoId })
      .from(cohortVideoViews)
      .where(
        and(
          eq(cohortVideoViews.cohortId, cohort.id),
          eq(cohortVideoViews.profileId, member.profileId),
        ),
      ),
  ]);
  const seen = new Set(watched.map((w) => w.videoId));
  return {
    resources: cohort.resources,
    resourceMedia: files.map(presentMedia),
    videos: cohort.videos.map((v) => ({ ...v, watched: seen.has(v.id) })),
  };
}

/** updateCohortResources: the links and the course videos, as lists. */
export async function updateCohortResources(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(cohortResourcesSchema.safeParse(input));
  const { cohort, abilities } = await cohortAccess(services, member, data.cohortId);
  if (!abilities.manage) throw new AppError('forbidden');
  await services.transaction(
    async (unit) => {
      await unit.tx
        .update(cohorts)
        .set({
          ...(data.resources ? { resources: data.resources } : {}),
          ...(data.videos ? { videos: data.videos } : {}),
          updatedAt: new Date(),
        })
        .where(eq(cohorts.id, cohort.id));
      await unit.record({
        name: 'cohorts.resources.update',
        organizationId: member.organization.id,
        actorId: member.profileId,
        subjectType: 'cohort',
        subjectId: cohort.id,
        changes: { resources: data.resources?.length, videos: data.videos?.length },
      });
    },
    { context },
  );
  return cohortResources(services, member, cohort.id);
}

/** cohortVideoWatched: the viewer has watched a course video (once is enough). */
export async function cohortVideoWatched(
  services: AppServices,
  member: MemberContext,
  cohortId: string,
  videoId: string,
) {
  const { cohort } = await cohortAccess(services, member, cohortId);
  if (!cohort.videos.some((v) => v.id === videoId)) throw new AppError('notFound');
  await services.database.db
    .insert(cohortVideoViews)
    .values({ cohortId: cohort.id, videoId, profileId: member.profileId })
    .onConflictDoNothing();
  return cohortResources(services, member, cohort.id);
}

/** The video report: per video, who in the cohort has watched it (for those who run it). */
export async function cohortVideoReport(
  services: AppServices,
  member: MemberContext,
  cohortId: string,
) {
  const { cohort, abilities } = await cohortAccess(services, member, cohortId);
  if (!abilities.manage) throw new AppError('forbidden');
  const views = await services.database.db
    .select({
      videoId: cohortVideoViews.videoId,
      profileId: cohortVideoViews.profileId,
      watchedAt: cohortVideoViews.watchedAt,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
    })
    .from(cohortVideoViews)
    .innerJoin(profiles, eq(profiles.id, cohortVideoViews.profileId))
    .where(eq(cohortVideoViews.cohortId, cohort.id));
  return cohort.videos.map((video) => {
    const watchers = views.filter((v) => v.videoId === video.id);
    return {
      id: video.id,
      title: video.title,
      watchedCount: watchers.length,
      watchers: watchers.map((w) => ({
        profileId: w.profileId,
        name: `${w.firstName} ${w.lastName}`.trim(),
        watchedAt: w.watchedAt.toISOString(),
      })),
    };
  });
}
