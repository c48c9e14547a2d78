/**
 * The review queue (issue #24): a cohort team marks a hypothesis ready for review; the cohort's
 * instructors and mentors (and its admins) see every team's ready hypotheses in one queue,
 * approve one or say what to change, and the team's editors hear of it in their inbox.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { AppError, isUuid, reviewDecisionSchema } from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { loadPeople } from '../cards/ports.ts';
import { cards, hypotheses } from '../cards/schema.ts';
import { parse } from '../../http/parse.ts';
import { projectMembers, projects } from '../projects/schema.ts';
import { cohortAccess } from './access.ts';

/** The cohort's hypotheses marked ready for review, oldest request first. */
export async function cohortReviewQueue(
  services: AppServices,
  member: MemberContext,
  cohortId: string,
) {
  const { cohort, abilities } = await cohortAccess(services, member, cohortId);
  if (!abilities.review) throw new AppError('forbidden');
  const rows = await services.database.db
    .select({
      cardId: cards.id,
      title: cards.title,
      teamId: projects.id,
      teamName: projects.name,
      requestedAt: hypotheses.reviewRequestedAt,
      section: hypotheses.canvasSection,
      members: hypotheses.members,
    })
    .from(hypotheses)
    .innerJoin(cards, eq(cards.id, hypotheses.cardId))
    .innerJoin(projects, eq(projects.id, hypotheses.projectId))
    .where(
      and(
        eq(projects.cohortId, cohort.id),
        eq(hypotheses.reviewState, 'ready'),
        eq(cards.draft, false),
        isNull(cards.deletedAt),
      ),
    )
    .orderBy(asc(hypotheses.reviewRequestedAt), asc(cards.id));
  return rows.map((r) => ({
    cardId: r.cardId,
    title: r.title,
    section: r.section,
    team: { id: r.teamId, name: r.teamName },
    requestedAt: r.requestedAt?.toISOString() ?? null,
    path: `/hypothesis/${r.cardId}/details`,
  }));
}

/** An instructor's or mentor's decision: approved, or what to change; the team hears of it. */
export async function reviewHypothesis(
  services: AppServices,
  member: MemberContext,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(reviewDecisionSchema.safeParse(input));
  if (!isUuid(data.cardId)) throw new AppError('notFound');
  const db = services.database.db;
  const [row] = await db
    .select({
      card: cards,
      cohortId: projects.cohortId,
      reviewState: hypotheses.reviewState,
    })
    .from(cards)
    .innerJoin(hypotheses, eq(hypotheses.cardId, cards.id))
    .innerJoin(projects, eq(projects.id, cards.projectId))
    .where(
      and(
        eq(cards.id, data.cardId),
        eq(cards.organizationId, member.organization.id),
        isNull(cards.deletedAt),
      ),
    );
  if (!row?.cohortId) throw new AppError('notFound');
  const { abilities } = await cohortAccess(services, member, row.cohortId);
  if (!abilities.review) throw new AppError('forbidden');
  if (row.reviewState !== 'ready') {
    throw new AppError('validation', {
      message: 'This hypothesis is not waiting for a review (the team may have withdrawn it).',
    });
  }
  const team = await db
    .select({ profileId: projectMembers.profileId })
    .from(projectMembers)
    .where(
      and(
        eq(projectMembers.projectId, row.card.projectId),
        inArray(projectMembers.role, ['owner', 'admin', 'collaborator']),
      ),
    );
  const state = data.decision === 'approve' ? 'approved' : 'changesRequested';
  const decided = await services.transaction(
    async (unit) => {
      // Two reviewers at once: the first decision stands, the second is told it is settled.
      const [saved] = await unit.tx
        .update(hypotheses)
        .set({
          reviewState: state,
          reviewNote: data.note || null,
          reviewedBy: member.profileId,
          reviewedAt: new Date(),
        })
        .where(and(eq(hypotheses.cardId, row.card.id), eq(hypotheses.reviewState, 'ready')))
        .returning({ cardId: hypotheses.cardId });
      if (!saved) {
        throw new AppError('validation', {
          message: 'This hypothesis is not waiting for a review (the team may have withdrawn it).',
        });
      }
      await unit.record({
        name: 'reviews.decide',
        organizationId: member.organization.id,
        projectId: row.card.projectId,
        actorId: member.profileId,
        subjectType: 'card',
        subjectId: row.card.id,
        changes: {
          title: row.card.title,
          decision: data.decision,
          note: data.note,
          notify: team.map((t) => t.profileId),
        },
      });
      return saved;
    },
    { context },
  );
  const reviewer = (await loadPeople(db, member.organization.id, [member.profileId])).get(
    member.profileId,
  );
  return {
    cardId: decided.cardId,
    state,
    note: data.note || null,
    reviewedBy: reviewer ?? null,
  };
}
