/**
 * Comments on cards and projects (presentations arrive with cohorts): add, edit, delete, like.
 * A comment empty after trimming is ignored, on add and on update. Reading needs the subject to be
 * visible; writing needs comment:write in its project; editing is the author's, deleting the
 * author's or a project admin's. Likes are idempotent per profile.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  addCommentSchema,
  AppError,
  cleanCommentBody,
  DEFAULT_COHORT_SETTINGS,
  presentationCommentEngagement,
  seesInstructorComment,
  hasPermission,
  isUuid,
  updateCommentSchema,
  type CommentSubject,
} from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { UnitOfWork } from '../../platform/events/unit-of-work.ts';
import type { AppServices } from '../../services.ts';
import { cardAccess, loadPeople, projectAccess, type ProjectAccess } from '../cards/ports.ts';
import { teamPresentationAccess } from '../cohorts/ports.ts';
import { parse } from '../../http/parse.ts';
import { commentLikes, comments, type CommentRow } from './schema.ts';

type SubjectAccess = ProjectAccess & {
  title: string;
  ownerId: string | null;
  /** The engagement type a new comment is recorded with (staff comments on presentations). */
  engagementType: string | null;
  /** Instructor comments are not for this member (part 2 §3 publicInstructorComments). */
  hidesInstructorComments: boolean;
};

/** The subject's project and the member's scope there (for a presentation, its team's). */
async function subjectAccess(
  services: AppServices,
  member: MemberContext,
  subjectType: CommentSubject,
  subjectId: string,
): Promise<SubjectAccess> {
  if (subjectType === 'card') {
    const access = await cardAccess(services, member, subjectId);
    return {
      ...access,
      title: access.card.title,
      ownerId: access.card.createdByProfileId,
      engagementType: null,
      hidesInstructorComments: false,
    };
  }
  if (subjectType === 'project') {
    const access = await projectAccess(services, member, subjectId);
    return {
      ...access,
      title: access.project.name,
      ownerId: access.project.createdByProfileId,
      engagementType: null,
      hidesInstructorComments: false,
    };
  }
  // A team's presentation: staff who comment on teams, the team itself and its peers.
  const found = await teamPresentationAccess(services, member, subjectId);
  const access = await projectAccess(services, member, found.team.projectId);
  const canComment = found.access.abilities.commentOnPresentations;
  return {
    ...access,
    scope: { ...access.scope, comment: canComment ? 'write' : 'read' },
    title: `${found.presentation.name}: ${found.projectName}`,
    ownerId: null,
    // Comments by staff carry their engagement type; instructors' may be kept from other teams.
    engagementType: presentationCommentEngagement({
      cohortRole: found.access.cohortRole,
      organizationRole: member.role,
      teamRole: found.teamRole,
      isGuest: found.isGuest,
    }),
    hidesInstructorComments: !seesInstructorComment({
      publicInstructorComments:
        found.access.cohort.settings.publicInstructorComments ??
        DEFAULT_COHORT_SETTINGS.publicInstructorComments,
      commentsOnTeams: found.access.abilities.commentOnTeams,
      inPresentingTeam: found.teamRole !== null,
    }),
  };
}

async function present(services: AppServices, member: MemberContext, rows: CommentRow[]) {
  const ids = rows.map((r) => r.id);
  const likes = ids.length
    ? await services.database.db
        .select({ commentId: commentLikes.commentId, profileId: commentLikes.profileId })
        .from(commentLikes)
        .where(inArray(commentLikes.commentId, ids))
    : [];
  const people = await loadPeople(services.database.db, member.organization.id, [
    ...rows.map((r) => r.ownerProfileId),
    ...likes.map((l) => l.profileId),
  ]);
  return rows.map((r) => {
    const likedBy = likes.filter((l) => l.commentId === r.id).map((l) => l.profileId);
    return {
      id: r.id,
      subjectType: r.subjectType,
      subjectId: r.subjectId,
      projectId: r.projectId,
      body: r.body,
      mentions: r.mentions,
      owner: people.get(r.ownerProfileId) ?? null,
      connectedCommentId: r.connectedCommentId,
      engagementType: r.engagementType,
      likedBy,
      likedByProfiles: likedBy.map((id) => people.get(id)).filter((p) => p !== undefined),
      likeCount: likedBy.length,
      likedByMe: likedBy.includes(member.profileId),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      abilities: { edit: r.ownerProfileId === member.profileId },
    };
  });
}

/** Comments of a subject, oldest first. */
export async function listComments(
  services: AppServices,
  member: MemberContext,
  subjectType: CommentSubject,
  subjectId: string,
) {
  const access = await subjectAccess(services, member, subjectType, subjectId);
  const rows = await services.database.db
    .select()
    .from(comments)
    .where(
      and(
        eq(comments.organizationId, member.organization.id),
        eq(comments.subjectType, subjectType),
        eq(comments.subjectId, subjectId),
        isNull(comments.deletedAt),
        access.hidesInstructorComments
          ? sql`${comments.engagementType} is distinct from 'instructor'`
          : undefined,
      ),
    )
    .orderBy(asc(comments.createdAt));
  return present(services, member, rows);
}

/** Comment counts of cards (for their badges). */
export async function commentCounts(services: AppServices, cardIds: string[]) {
  if (cardIds.length === 0) return new Map<string, number>();
  const rows = await services.database.db
    .select({ id: comments.subjectId, n: sql<number>`count(*)::int` })
    .from(comments)
    .where(
      and(
        eq(comments.subjectType, 'card'),
        inArray(comments.subjectId, cardIds),
        isNull(comments.deletedAt),
      ),
    )
    .groupBy(comments.subjectId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** Mentioned people must be members of the organisation; others are dropped. */
async function knownMentions(services: AppServices, member: MemberContext, ids: string[]) {
  const people = await loadPeople(services.database.db, member.organization.id, ids);
  return [...new Set(ids)].filter((id) => people.has(id) && id !== member.profileId);
}

/** addComment: null when the text is empty after trimming (nothing is written). */
export async function addComment(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(addCommentSchema.safeParse(input));
  const access = await subjectAccess(services, member, data.subjectType, data.subjectId);
  if (!hasPermission(access.scope, 'comment:write')) throw new AppError('forbidden');
  const body = cleanCommentBody(data.body);
  if (!body) return null;
  const mentions = await knownMentions(services, member, data.mentions);
  const row = await services.transaction(
    async (unit) => {
      const [created] = await unit.tx
        .insert(comments)
        .values({
          organizationId: member.organization.id,
          projectId: access.project.id,
          subjectType: data.subjectType,
          subjectId: data.subjectId,
          ownerProfileId: member.profileId,
          body,
          mentions,
          connectedCommentId: data.connectedCommentId ?? null,
          engagementType: access.engagementType,
        })
        .returning();
      if (!created) throw new Error('comment insert returned no row');
      await unit.record({
        name: 'comments.create',
        organizationId: member.organization.id,
        projectId: access.project.id,
        actorId: member.profileId,
        subjectType: data.subjectType,
        subjectId: data.subjectId,
        changes: {
          commentId: created.id,
          mentions,
          subjectOwnerId: access.ownerId,
          title: access.title.slice(0, 200),
        },
      });
      return created;
    },
    { context },
  );
  return (await present(services, member, [row]))[0] ?? null;
}

/** The event of a change to an existing comment, on the comment's subject. */
function recordOnComment(unit: UnitOfWork, member: MemberContext, row: CommentRow, name: string) {
  return unit.record({
    name,
    organizationId: member.organization.id,
    projectId: row.projectId,
    actorId: member.profileId,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    changes: { commentId: row.id },
  });
}

async function ownComment(services: AppServices, member: MemberContext, commentId: string) {
  if (!isUuid(commentId)) throw new AppError('notFound');
  const [row] = await services.database.db
    .select()
    .from(comments)
    .where(
      and(
        eq(comments.id, commentId),
        eq(comments.organizationId, member.organization.id),
        isNull(comments.deletedAt),
      ),
    );
  if (!row) throw new AppError('notFound');
  const access = await subjectAccess(
    services,
    member,
    row.subjectType as CommentSubject,
    row.subjectId,
  );
  return { row, access };
}

/** updateComment: the author's own; empty after trimming is ignored (the comment stays). */
export async function updateComment(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(updateCommentSchema.safeParse(input));
  const { row, access } = await ownComment(services, member, data.commentId);
  if (row.ownerProfileId !== member.profileId || !hasPermission(access.scope, 'comment:write'))
    throw new AppError('forbidden');
  const body = cleanCommentBody(data.body);
  if (!body) return (await present(services, member, [row]))[0];
  const mentions = await knownMentions(services, member, data.mentions);
  const saved = await services.transaction(
    async (unit) => {
      const [updated] = await unit.tx
        .update(comments)
        .set({ body, mentions, updatedAt: new Date() })
        .where(eq(comments.id, row.id))
        .returning();
      await recordOnComment(unit, member, row, 'comments.update');
      return updated ?? row;
    },
    { context },
  );
  return (await present(services, member, [saved]))[0];
}

/** deleteComment: the author, or whoever administers the project's comments. */
export async function deleteComment(
  services: AppServices,
  member: MemberContext,
  commentId: string,
  context: RequestContext,
) {
  const { row, access } = await ownComment(services, member, commentId);
  const mine = row.ownerProfileId === member.profileId;
  if (!mine && !hasPermission(access.scope, 'comment:admin')) throw new AppError('forbidden');
  await services.transaction(
    async (unit) => {
      await unit.tx.update(comments).set({ deletedAt: new Date() }).where(eq(comments.id, row.id));
      await recordOnComment(unit, member, row, 'comments.delete');
    },
    { context },
  );
  return true;
}

/** likeComment: like or unlike; doing it twice changes nothing. */
export async function likeComment(
  services: AppServices,
  member: MemberContext,
  commentId: string,
  like: boolean,
  context: RequestContext,
) {
  const { row, access } = await ownComment(services, member, commentId);
  if (!hasPermission(access.scope, 'comment:write')) throw new AppError('forbidden');
  await services.transaction(
    async (unit) => {
      if (like) {
        await unit.tx
          .insert(commentLikes)
          .values({ commentId: row.id, profileId: member.profileId })
          .onConflictDoNothing();
      } else {
        await unit.tx
          .delete(commentLikes)
          .where(
            and(eq(commentLikes.commentId, row.id), eq(commentLikes.profileId, member.profileId)),
          );
      }
      await recordOnComment(unit, member, row, like ? 'comments.like' : 'comments.unlike');
    },
    { context },
  );
  return (await present(services, member, [row]))[0];
}
