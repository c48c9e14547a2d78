/** The canvas and product boards: queries, card creation and moves, layout and section changes. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CanvasFilters,
  ProjectCustomField,
  ProjectSettings,
  ProductScore,
} from '@assay/domain';
import { queueCardWrite } from '../../../api/card-writes.ts';
import { gatewayRequest } from '../../../api/gateway.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { restRequest, revalidatedRequest } from '../../../api/rest.ts';
import type { ConfidenceView } from '../../../ui/confidence.ts';

export interface BoardCard {
  id: string;
  title: string;
  draft: boolean;
  version: number;
  tags: string[];
  viewed: boolean;
  section: string | null;
  rank: string | null;
  businessStatus: 'inTesting' | 'paused' | 'archived';
  result: 'validated' | 'invalidated' | 'none';
  risky: boolean;
  productStatus: string | null;
  productScore?: ProductScore | null;
  /** What its rated evidence says (absent on a card still being created). */
  confidence?: ConfidenceView;
  /** Published evidence and experiments connected to it (absent while it is being created). */
  links?: { evidence: number; experiments: number };
  canEdit: boolean;
  /** Set while a new card waits for the server. */
  pending?: boolean;
}

export interface CanvasSectionView {
  key: string;
  name: string;
  defaultName: string;
  lens: string | null;
  hidden: boolean;
}

export interface WorkspaceProject {
  id: string;
  name: string;
  settings: ProjectSettings;
  canvas: {
    type: string;
    templateId: string | null;
    locked: boolean;
    sections: CanvasSectionView[];
  };
  customFields: ProjectCustomField[];
  prioritization: string;
  abilities: { manage: boolean; migrate?: boolean; createCards: boolean; createEvidence: boolean };
}

export interface BoardSection {
  key: string;
  name: string;
  color: string;
  rank: string;
  isDefault: boolean;
  protected: boolean;
}

const PROJECT = `project { id name prioritization
  settings { membership private academicPrivate experiments businessHypotheses productHypotheses publicPortal projectOverview timeline productStatus productTheme dashboardTabOrder productScores }
  canvas { type templateId locked sections { key name defaultName lens hidden } }
  customFields { id title type disabled global defaultKey specifications { options } metrics { min max } }
  abilities { manage migrate createCards createEvidence } }`;
const BOARD_CARD =
  'id title draft version tags viewed section rank businessStatus result risky productStatus canEdit confidence { score state confirming disconfirming evidence people } links { evidence experiments }';

export interface CanvasData {
  project: WorkspaceProject;
  cards: BoardCard[];
}

/**
 * The business canvas, for useQuery and prefetchQuery. Over REST (issue #28): the server keeps
 * the board as bytes with an ETag, so a read of an unchanged board is a 304 and the answer already
 * here. Fresh for a few seconds: a part of the page that mounts after it arrived (the board, drawn
 * a paint after the first screen) uses it instead of asking again; changes come by the project's
 * live events, which mark it stale.
 */
export const canvasQueryOptions = (projectId: string, filters: CanvasFilters) =>
  queryOptions({
    queryKey: queryKeys.canvas(projectId, filters),
    queryFn: () =>
      revalidatedRequest<CanvasData>(
        `/api/canvas/${encodeURIComponent(projectId)}?filters=${encodeURIComponent(JSON.stringify(filters))}`,
        { projectId },
      ),
    staleTime: 5_000,
  });

/**
 * The business canvas. `enabled` false: no request, but what the cache holds (the workspace's
 * header reads the project from it while a product board loads).
 */
export const useCanvas = (projectId: string, filters: CanvasFilters, enabled = true) =>
  useQuery({ ...canvasQueryOptions(projectId, filters), enabled });

export interface ProductBoardData {
  project: WorkspaceProject;
  sectionType: string;
  sections: BoardSection[];
  cards: BoardCard[];
  priority: string[];
}

export const useProductBoard = (projectId: string, sectionType: string, filters: CanvasFilters) =>
  useQuery({
    queryKey: queryKeys.board(projectId, sectionType, filters),
    queryFn: () =>
      gatewayRequest<{ productBoard: ProductBoardData }>(
        `query ProductBoard($p: ID!, $t: String!, $f: JSON) { productBoard(projectId: $p, sectionType: $t, filters: $f) {
          ${PROJECT} sectionType sections { key name color rank isDefault protected }
          cards { ${BOARD_CARD} productScore } priority } }`,
        { p: projectId, t: sectionType, f: filters },
        { projectId },
      ).then((d) => d.productBoard),
    staleTime: 0,
  });

export interface CreatedCard {
  id: string;
  version: number;
  title: string;
  draft: boolean;
}

export const createHypothesis = (input: {
  projectId: string;
  hypothesisType: 'business' | 'product';
  board: string;
  section: string;
  rank?: string;
  unverifiedId: string;
  title?: string;
  templateId?: string;
}) =>
  gatewayRequest<{ createCard: CreatedCard }>(
    'mutation CreateCard($input: JSON!) { createCard(input: $input) { id version title draft unverifiedId } }',
    { input: { type: 'hypothesis', ...input } },
    // The project named up front: the server reads it with the session, one round trip fewer.
    { projectId: input.projectId },
  ).then((d) => d.createCard);

/** Moves a card to a section and rank; answers with its new version. */
export const moveCard = (
  card: { id: string; version: number },
  board: string,
  section: string,
  rank: string,
) =>
  queueCardWrite(card.id, card.version, (version) =>
    gatewayRequest<{ updateCardSection: { id: string; version: number } }>(
      'mutation MoveCard($input: JSON!) { updateCardSection(input: $input) { id version } }',
      { input: { cardId: card.id, version, board, section, rank } },
    ).then((d) => d.updateCardSection),
  );

export const updateCanvasSection = (input: {
  projectId: string;
  section: string;
  name?: string | null;
  hidden?: boolean;
}) =>
  gatewayRequest(
    'mutation UpdateCanvasSection($i: JSON!) { updateCanvasSection(input: $i) { id } }',
    { i: input },
  );

export const updateCanvasLayout = (input: {
  projectId: string;
  type?: string;
  templateId?: string | null;
  order?: string[];
}) =>
  gatewayRequest(
    'mutation UpdateCanvasLayout($i: JSON!) { updateCanvasLayout(input: $i) { id } }',
    { i: input },
  );

export const createBoardSection = (projectId: string, sectionType: string, name: string) =>
  restRequest<BoardSection[]>(`/api/proj/projects/${projectId}/sections`, {
    method: 'POST',
    body: { sectionType, name },
  });

export const renameBoardSection = (
  projectId: string,
  sectionType: string,
  key: string,
  name: string,
) =>
  restRequest<BoardSection[]>(`/api/proj/projects/${projectId}/sections`, {
    method: 'PUT',
    body: { sectionType, key, name },
  });

export const reorderBoardSections = (projectId: string, sectionType: string, keys: string[]) =>
  restRequest<BoardSection[]>(`/api/proj/projects/${projectId}/sections`, {
    method: 'PUT',
    body: { sectionType, keys },
  });

export const deleteBoardSection = (projectId: string, sectionType: string, key: string) =>
  restRequest<BoardSection[]>(`/api/proj/projects/${projectId}/sections`, {
    method: 'DELETE',
    body: { sectionType, key },
  });

export const setPrioritization = (projectId: string, prioritization: string) =>
  restRequest(`/api/proj/projects/${projectId}/score`, { method: 'PUT', body: { prioritization } });

/** Creates an evidence card (a draft) from the picker. */
export const createEvidence = (input: {
  projectId: string;
  type: 'interview' | 'post' | 'evidenceOther';
  engagementType?: 'instructor' | 'mentor' | 'guest';
}) =>
  gatewayRequest<{ createCard: CreatedCard }>(
    'mutation CreateEvidence($input: JSON!) { createCard(input: $input) { id version title draft } }',
    { input },
  ).then((d) => d.createCard);
