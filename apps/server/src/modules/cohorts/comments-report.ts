/**
 * The comments report (part 2 §2): who commented on which team, on its cards, its project and its
 * presentations. Staff comments are read by those with a cohort role and organisation admins; the
 * peer comments report (students on other teams) when the cohort turns it on (part 2 §3 settings).
 */
import { and, eq, gte, inArray, isNull } from 'drizzle-orm';
import {
  AppError,
  commentReportKind,
  commentsReportAccess,
  DEFAULT_COHORT_SETTINGS,
  weekStartOf,
} from '@assay/domain';
import type { MemberContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { comments } from '../comments/schema.ts';
import { profiles } from '../organizations/schema.ts';
import { projectMembers } from '../projects/schema.ts';
import { cohortMembers } from './schema.ts';
import { competingTeams } from './leaderboard.ts';
import { cohortAccess } from './access.ts';

export type CommentsReportPeriod = 'week' | 'all';

interface ReportRow {
  profileId: string;
  name: string;
  role: string;
  kind: 'staff' | 'peer';
  total: number;
  lastCommentAt: string;
  counts: { teamId: string; count: number }[];
}

/** The cohort's comments report for this week or for all time. */
export async function cohortCommentsReport(
  services: AppServices,
  member: MemberContext,
  cohortId: string,
  period: CommentsReportPeriod = 'all',
  now: Date = new Date(),
) {
  const { cohort, cohortRole } = await cohortAccess(services, member, cohortId);
  const settings = { ...DEFAULT_COHORT_SETTINGS, ...cohort.settings };
  const access = commentsReportAccess({
    cohortRole,
    organizationRole: member.role,
    peerCommentsReport: settings.peerCommentsReport,
  });
  if (!access.staff && !access.peer) throw new AppError('forbidden');
  const db = services.database.db;
  const teams = await competingTeams(db, cohort.id);
  const teamIds = teams.map((t) => t.id);
  const since = period === 'week' ? weekStartOf(now, cohort.weekBeginsOn) : null;
  const written = teamIds.length
    ? await db
        .select({
          projectId: comments.projectId,
          ownerId: comments.ownerProfileId,
          createdAt: comments.createdAt,
        })
        .from(comments)
        .where(
          and(
            eq(comments.organizationId, member.organization.id),
            inArray(comments.projectId, teamIds),
            isNull(comments.deletedAt),
            since ? gte(comments.createdAt, since) : undefined,
          ),
        )
    : [];
  const authorIds = [...new Set(written.map((c) => c.ownerId))];
  const [people, roles, memberships] = authorIds.length
    ? await Promise.all([
        db
          .select({
            id: profiles.id,
            firstName: profiles.firstName,
            lastName: profiles.lastName,
            organizationRole: profiles.role,
          })
          .from(profiles)
          .where(inArray(profiles.id, authorIds)),
        db
          .select({ profileId: cohortMembers.profileId, role: cohortMembers.role })
          .from(cohortMembers)
          .where(
            and(eq(cohortMembers.cohortId, cohort.id), inArray(cohortMembers.profileId, authorIds)),
          ),
        db
          .select({ profileId: projectMembers.profileId, projectId: projectMembers.projectId })
          .from(projectMembers)
          .where(
            and(
              inArray(projectMembers.projectId, teamIds),
              inArray(projectMembers.profileId, authorIds),
            ),
          ),
      ])
    : [[], [], []];
  const rows = new Map<string, ReportRow & { byTeam: Map<string, number> }>();
  for (const comment of written) {
    if (!comment.projectId) continue;
    const person = people.find((p) => p.id === comment.ownerId);
    if (!person) continue;
    const cohortRoleOf = roles.find((r) => r.profileId === comment.ownerId)?.role ?? null;
    const ownTeams = memberships
      .filter((m) => m.profileId === comment.ownerId)
      .map((m) => m.projectId);
    const kind = commentReportKind({
      cohortRole: cohortRoleOf,
      organizationRole: person.organizationRole,
      teamIds: ownTeams,
      teamId: comment.projectId,
    });
    if (!kind || (kind === 'staff' && !access.staff) || (kind === 'peer' && !access.peer)) continue;
    const at = comment.createdAt.toISOString();
    const row = rows.get(comment.ownerId) ?? {
      profileId: comment.ownerId,
      name: `${person.firstName} ${person.lastName}`.trim(),
      role: kind === 'staff' ? (cohortRoleOf ?? 'admin') : 'student',
      kind,
      total: 0,
      lastCommentAt: at,
      counts: [],
      byTeam: new Map<string, number>(),
    };
    row.total += 1;
    if (at > row.lastCommentAt) row.lastCommentAt = at;
    row.byTeam.set(comment.projectId, (row.byTeam.get(comment.projectId) ?? 0) + 1);
    rows.set(comment.ownerId, row);
  }
  const list = [...rows.values()]
    .map(({ byTeam, ...row }) => ({
      ...row,
      counts: teams.map((t) => ({ teamId: t.id, count: byTeam.get(t.id) ?? 0 })),
    }))
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
  return {
    cohortId: cohort.id,
    period,
    since: since?.toISOString() ?? null,
    teams: teams.map((t) => ({ id: t.id, name: t.name })),
    staff: access.staff ? list.filter((r) => r.kind === 'staff') : null,
    peer: access.peer ? list.filter((r) => r.kind === 'peer') : null,
  };
}
