/**
 * The canvas and the product boards: only what they show (titles, sections, ranks, statuses,
 * tags, counts); details load on demand with the card.
 */
import {
  AppError,
  BOARD_TYPES,
  canvasFiltersSchema,
  computeProductScore,
  EXCLUDED_PRODUCT_STATUSES,
  sortByPriority,
  type BoardType,
  type Prioritization,
} from '@assay/domain';
import type { MemberContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { presentProject } from '../projects/ports.ts';
import { parse } from '../../http/parse.ts';
import { PreparedCache, prepareJson, type PreparedJson } from '../../http/prepared.ts';
import { listBoardSections, seedBoardSections } from '../projects/ports.ts';
import { workspaceAccess } from './access.ts';
import { cardAbilities } from './present.ts';
import { boardRows, currentCardsVersion, visibleRows, type BoardRow } from './board-cache.ts';
import { learningOf } from './connections.ts';

function presentBoardCard(row: BoardRow, canEdit: (row: BoardRow) => boolean) {
  return {
    id: row.id,
    title: row.title,
    draft: row.draft,
    version: row.version,
    tags: row.tags,
    viewed: row.viewed,
    section: row.section,
    rank: row.rank,
    businessStatus: row.businessStatus,
    result: row.result,
    risky: row.risky,
    productStatus: row.productStatus,
    confidence: row.confidence,
    links: row.links,
    canEdit: canEdit(row),
  };
}

/** The business canvas of a project: layout plus its business hypotheses. */
export async function getCanvas(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  rawFilters: unknown,
) {
  const filters = parse(canvasFiltersSchema.safeParse(rawFilters ?? {}));
  const access = await workspaceAccess(services, member, projectId);
  if (access.project.settings.businessHypotheses === false) throw new AppError('forbidden');
  const all = await boardRows(services.database.db, {
    organizationId: member.organization.id,
    projectId,
    cardsVersion: await currentCardsVersion(services.database.db, access),
    learning: learningOf(member),
    hypothesisType: 'business',
    board: 'canvas',
  });
  const rows = visibleRows(all, member.profileId, filters);
  const canEdit = editCheck(access.scope, member.profileId);
  return {
    project: presentProject(access.project, member, access.role),
    cards: rows.map((r) => presentBoardCard(r, canEdit)),
  };
}

/** Canvas answers as bytes; a thousand cards are about 450 KB. */
const canvasAnswers = new PreparedCache(32 * 1024 * 1024);

/**
 * The business canvas as ready-to-send bytes (issue #28): the same answer as getCanvas, made once
 * per board version and per what the member sees of it (their drafts, their scope, their filters,
 * the project as they see it), so a repeated read is one lookup and a 304 when unchanged.
 */
export async function getCanvasAnswer(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  rawFilters: unknown,
): Promise<PreparedJson> {
  const filters = parse(canvasFiltersSchema.safeParse(rawFilters ?? {}));
  const access = await workspaceAccess(services, member, projectId);
  if (access.project.settings.businessHypotheses === false) throw new AppError('forbidden');
  const learning = learningOf(member);
  const project = JSON.stringify(presentProject(access.project, member, access.role));
  const cardsVersion = await currentCardsVersion(services.database.db, access);
  // Everything the answer depends on; the board's rows are a function of its version.
  const key = [
    'canvas',
    projectId,
    cardsVersion,
    JSON.stringify(learning),
    member.profileId,
    JSON.stringify(access.scope),
    JSON.stringify(filters),
    project,
  ].join('|');
  const hit = canvasAnswers.get(key);
  if (hit) return hit;
  const all = await boardRows(services.database.db, {
    organizationId: member.organization.id,
    projectId,
    cardsVersion,
    learning,
    hypothesisType: 'business',
    board: 'canvas',
  });
  const canEdit = editCheck(access.scope, member.profileId);
  const cards = visibleRows(all, member.profileId, filters).map((r) =>
    presentBoardCard(r, canEdit),
  );
  const prepared = prepareJson([`{"project":${project},"cards":`, JSON.stringify(cards), '}'], key);
  canvasAnswers.set(key, prepared);
  return prepared;
}

function editCheck(scope: Parameters<typeof cardAbilities>[1], profileId: string) {
  const cache = new Map<string, boolean>();
  return (row: BoardRow) => {
    const key = `${row.type}:${row.isEvidence}:${row.createdBy === profileId}`;
    let value = cache.get(key);
    if (value === undefined) {
      value = cardAbilities(
        {
          type: row.type,
          isEvidence: row.isEvidence,
          createdByProfileId: row.createdBy,
        } as Parameters<typeof cardAbilities>[0],
        scope,
        profileId,
      ).edit;
      cache.set(key, value);
    }
    return value;
  };
}

/** A product board: its sections and the product ideas on it, plus the priority order. */
export async function getProductBoard(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  rawSectionType: string,
  rawFilters: unknown,
) {
  if (!(BOARD_TYPES as readonly string[]).includes(rawSectionType)) {
    throw new AppError('validation', { message: 'That board does not exist.' });
  }
  const sectionType = rawSectionType as BoardType;
  const filters = parse(canvasFiltersSchema.safeParse(rawFilters ?? {}));
  const activeOnly = filters.activeOnly === true;
  const access = await workspaceAccess(services, member, projectId);
  if (access.project.settings.productHypotheses === false) throw new AppError('forbidden');
  let sections = await listBoardSections(services.database.db, projectId, sectionType);
  if (sections.length === 0 && sectionType !== 'productTheme') {
    await seedBoardSections(services.database.db, member.organization.id, projectId);
    sections = await listBoardSections(services.database.db, projectId, sectionType);
  }
  const statusSections = activeOnly
    ? await listBoardSections(services.database.db, projectId, 'productStatus')
    : [];
  const excluded = new Set(
    statusSections
      .filter((s) => (EXCLUDED_PRODUCT_STATUSES as readonly string[]).includes(s.name))
      .map((s) => s.key),
  );
  const all = await boardRows(services.database.db, {
    organizationId: member.organization.id,
    projectId,
    cardsVersion: await currentCardsVersion(services.database.db, access),
    learning: learningOf(member),
    hypothesisType: 'product',
    board: sectionType,
  });
  const rows = visibleRows(all, member.profileId, filters, excluded);
  const canEdit = editCheck(access.scope, member.profileId);
  const prioritization = access.project.prioritization as Prioritization;
  const scored = rows.map((r) => ({
    ...presentBoardCard(r, canEdit),
    productScore: computeProductScore(r.productScore),
  }));
  return {
    project: presentProject(access.project, member, access.role),
    sectionType,
    sections,
    cards: scored,
    priority: sortByPriority(scored, prioritization).map((c) => c.id),
  };
}

/** The sections of one product board (for pickers), seeded if the project has none yet. */
export async function getBoardSections(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  sectionType: string,
) {
  if (!(BOARD_TYPES as readonly string[]).includes(sectionType)) {
    throw new AppError('validation', { message: 'That board does not exist.' });
  }
  await workspaceAccess(services, member, projectId);
  let sections = await listBoardSections(services.database.db, projectId, sectionType as BoardType);
  if (sections.length === 0 && sectionType !== 'productTheme') {
    await seedBoardSections(services.database.db, member.organization.id, projectId);
    sections = await listBoardSections(services.database.db, projectId, sectionType as BoardType);
  }
  return sections;
}
