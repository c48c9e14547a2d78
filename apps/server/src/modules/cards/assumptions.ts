/**
 * The assumptions map and what to test next (issue #24): every live business hypothesis placed
 * by importance (set by dragging, else from its section and risk flag) × how much evidence it
 * has, in the domain's four quadrants, with what its evidence says; and the ranked list of those
 * worth testing next. Read from the canvas's cached rows, so each costs a board read; archived
 * hypotheses are left off, drafts show to their author on the map as on the canvas.
 */
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import {
  AppError,
  mapPlacement,
  TEST_NEXT_REASON_TEXT,
  testNextOrder,
  type LearningSettings,
} from '@assay/domain';
import type { Executor } from '../../platform/db/index.ts';
import type { MemberContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { presentProject } from '../projects/ports.ts';
import { loadPeople, projectAccess } from './access.ts';
import { boardRows, currentCardsVersion, visibleRows } from './board-cache.ts';
import { learningOf } from './connections.ts';
import { cardAbilities } from './present.ts';
import { cards, connections, experiments } from './schema.ts';

/** The project's live business hypotheses as the canvas shows them to this member. */
async function liveHypotheses(services: AppServices, member: MemberContext, projectId: string) {
  const access = await projectAccess(services, member, projectId);
  if (access.project.settings.businessHypotheses === false) throw new AppError('forbidden');
  const all = await boardRows(services.database.db, {
    organizationId: member.organization.id,
    projectId,
    cardsVersion: await currentCardsVersion(services.database.db, access),
    hypothesisType: 'business',
    board: 'canvas',
    learning: learningOf(member),
  });
  const rows = visibleRows(all, member.profileId, {}).filter(
    (row) => row.businessStatus !== 'archived',
  );
  const canEdit = (row: (typeof rows)[number]) =>
    cardAbilities(
      {
        type: row.type,
        isEvidence: row.isEvidence,
        createdByProfileId: row.createdBy,
      } as Parameters<typeof cardAbilities>[0],
      access.scope,
      member.profileId,
    ).edit;
  return { access, rows, canEdit };
}

/** Hypotheses (of those given) connected to an experiment that is not complete. */
async function withExperimentUnderWay(executor: Executor, projectId: string, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await executor
    .select({ first: connections.firstCardId, second: connections.secondCardId })
    .from(connections)
    .innerJoin(
      experiments,
      or(
        eq(experiments.cardId, connections.firstCardId),
        eq(experiments.cardId, connections.secondCardId),
      ),
    )
    .innerJoin(cards, eq(cards.id, experiments.cardId))
    .where(
      and(
        eq(connections.projectId, projectId),
        ne(experiments.phase, 'complete'),
        isNull(cards.deletedAt),
        or(inArray(connections.firstCardId, ids), inArray(connections.secondCardId, ids)),
      ),
    );
  const wanted = new Set(ids);
  return new Set(rows.flatMap((r) => [r.first, r.second]).filter((id) => wanted.has(id)));
}

type TestNextRow = Awaited<ReturnType<typeof boardRows>>[number];

/** The ranked list from a board's rows (published hypotheses only: what everyone may see). */
async function rankRows<R extends TestNextRow>(
  executor: Executor,
  projectId: string,
  rows: R[],
  limit: number,
  extra: (row: R) => { canEdit: boolean },
) {
  const published = rows.filter((row) => !row.draft && row.businessStatus !== 'archived');
  const busy = await withExperimentUnderWay(
    executor,
    projectId,
    published.map((row) => row.id),
  );
  const ranked = testNextOrder(
    published.map((row) => ({
      id: row.id,
      title: row.title,
      section: row.section,
      members: row.members,
      version: row.version,
      risky: row.risky,
      result: row.result as 'validated' | 'invalidated' | 'none',
      experimentUnderWay: busy.has(row.id),
      confidence: row.confidence,
      ...extra(row),
      ...mapPlacement(
        { section: row.section ?? '', risky: row.risky, importance: row.importance },
        row.confidence,
      ),
    })),
  );
  return ranked.slice(0, Math.max(1, Math.min(50, limit))).map((item) => ({
    ...item,
    reasonText: TEST_NEXT_REASON_TEXT[item.reason],
  }));
}

/**
 * What to test next (issue #24): the hypotheses that matter with little, weak or disputed
 * evidence and no experiment under way, ranked by the domain's rule, each with its reason.
 */
export async function getTestNext(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  limit = 10,
) {
  const { rows, canEdit } = await liveHypotheses(services, member, projectId);
  return rankRows(services.database.db, projectId, rows, limit, (row) => ({
    canEdit: canEdit(row),
  }));
}

/** The same list for a project, read by no one in particular (the weekly digest). */
export async function testNextForProject(
  executor: Executor,
  project: { organizationId: string; projectId: string; cardsVersion: number },
  learning: LearningSettings,
  limit: number,
) {
  const rows = await boardRows(executor, {
    ...project,
    hypothesisType: 'business',
    board: 'canvas',
    learning,
  });
  return rankRows(executor, project.projectId, rows, limit, () => ({ canEdit: false }));
}

export async function getAssumptionsMap(
  services: AppServices,
  member: MemberContext,
  projectId: string,
) {
  const { access, rows, canEdit } = await liveHypotheses(services, member, projectId);
  const people = await loadPeople(
    services.database.db,
    member.organization.id,
    rows.flatMap((row) => row.members),
  );
  const project = presentProject(access.project, member, access.role);
  return {
    sections: project.canvas.sections
      .filter((s) => !s.hidden)
      .map((s) => ({ key: s.key, name: s.name })),
    people: [...people.values()].map((p) => ({
      id: p.profileId,
      name: `${p.firstName} ${p.lastName}`.trim(),
    })),
    points: rows.map((row) => ({
      id: row.id,
      title: row.title,
      section: row.section,
      tags: row.tags,
      members: row.members,
      risky: row.risky,
      draft: row.draft,
      version: row.version,
      canEdit: canEdit(row),
      confidence: row.confidence,
      ...mapPlacement(
        { section: row.section ?? '', risky: row.risky, importance: row.importance },
        row.confidence,
      ),
    })),
  };
}

/**
 * A project's learning at a moment, for cohort snapshots: its live hypotheses by quadrant and
 * result, its published evidence and interviews, and each hypothesis's place.
 */
export async function learningSummary(
  executor: Executor,
  project: { organizationId: string; projectId: string; cardsVersion: number },
  learning: LearningSettings,
) {
  const rows = (
    await boardRows(executor, { ...project, hypothesisType: 'business', board: 'canvas', learning })
  ).filter((row) => !row.draft && row.businessStatus !== 'archived');
  const quadrants = { testNow: 0, keepTesting: 0, validated: 0, deprioritised: 0 };
  const points = rows.map((row) => {
    const placement = mapPlacement(
      { section: row.section ?? '', risky: row.risky, importance: row.importance },
      row.confidence,
    );
    quadrants[placement.quadrant] += 1;
    return {
      id: row.id,
      title: row.title,
      quadrant: placement.quadrant,
      state: row.confidence.state,
      importance: placement.importance,
      evidence: placement.evidence,
    };
  });
  const [counts] = await executor
    .select({
      evidence: sql<number>`count(*) filter (where ${cards.isEvidence})::int`,
      interviews: sql<number>`count(*) filter (where ${cards.type} = 'interview')::int`,
    })
    .from(cards)
    .where(
      and(eq(cards.projectId, project.projectId), eq(cards.draft, false), isNull(cards.deletedAt)),
    );
  return {
    metrics: {
      hypotheses: rows.length,
      validated: rows.filter((r) => r.result === 'validated').length,
      invalidated: rows.filter((r) => r.result === 'invalidated').length,
      evidence: counts?.evidence ?? 0,
      interviews: counts?.interviews ?? 0,
      testNow: quadrants.testNow,
      keepTesting: quadrants.keepTesting,
      deprioritised: quadrants.deprioritised,
      /** In the map's validated quadrant: supported by enough evidence. */
      supported: quadrants.validated,
    },
    points,
  };
}
