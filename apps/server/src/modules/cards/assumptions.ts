/**
 * The assumptions map (issue #24): every live business hypothesis placed by importance (set by
 * dragging, else from its section and risk flag) × how much evidence it has, in the domain's four
 * quadrants, with what its evidence says. Read from the canvas's cached rows, so it costs a board
 * read; archived hypotheses are left off, drafts show to their author as on the canvas.
 */
import { AppError, mapPlacement } from '@assay/domain';
import type { MemberContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { presentProject } from '../projects/service.ts';
import { loadPeople, projectAccess } from './access.ts';
import { boardRows, visibleRows } from './board-cache.ts';
import { learningOf } from './connections.ts';
import { cardAbilities } from './present.ts';

export async function getAssumptionsMap(
  services: AppServices,
  member: MemberContext,
  projectId: string,
) {
  const access = await projectAccess(services, member, projectId);
  if (access.project.settings.businessHypotheses === false) throw new AppError('forbidden');
  const all = await boardRows(services.database.db, {
    organizationId: member.organization.id,
    projectId,
    cardsVersion: access.project.cardsVersion,
    hypothesisType: 'business',
    board: 'canvas',
    learning: learningOf(member),
  });
  const rows = visibleRows(all, member.profileId, {}).filter(
    (row) => row.businessStatus !== 'archived',
  );
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
      canEdit: cardAbilities(
        {
          type: row.type,
          isEvidence: row.isEvidence,
          createdByProfileId: row.createdBy,
        } as Parameters<typeof cardAbilities>[0],
        access.scope,
        member.profileId,
      ).edit,
      confidence: row.confidence,
      ...mapPlacement(
        { section: row.section ?? '', risky: row.risky, importance: row.importance },
        row.confidence,
      ),
    })),
  };
}
