/** The assumptions map (issue #24): its query and the importance a drag or a key press sets. */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { AssumptionQuadrant } from '@assay/domain';
import type { ConfidenceView } from '../ui/confidence.ts';
import { queueCardWrite } from './card-writes.ts';
import { gatewayRequest } from './gateway.ts';
import { queryKeys } from './query-keys.ts';

export interface AssumptionPoint {
  id: string;
  title: string;
  section: string | null;
  tags: string[];
  members: string[];
  risky: boolean;
  draft: boolean;
  version: number;
  canEdit: boolean;
  importance: number;
  importanceSet: boolean;
  evidence: number;
  quadrant: AssumptionQuadrant;
  confidence: ConfidenceView;
}

export interface AssumptionsMapData {
  points: AssumptionPoint[];
  sections: { key: string; name: string }[];
  people: { id: string; name: string }[];
}

const MAP = `query AssumptionsMap($projectId: ID!) { assumptionsMap(projectId: $projectId) {
  sections { key name } people { id name }
  points { id title section tags members risky draft version canEdit importance importanceSet
    evidence quadrant confidence { score state confirming disconfirming evidence people } } } }`;

export const useAssumptionsMap = (projectId: string) =>
  useQuery({
    queryKey: queryKeys.assumptionsMap(projectId),
    queryFn: () =>
      gatewayRequest<{ assumptionsMap: AssumptionsMapData }>(
        MAP,
        { projectId },
        { projectId },
      ).then((d) => d.assumptionsMap),
  });

/** Sets where a hypothesis sits up the map (null: back to its default), then refreshes the map. */
export async function setImportance(
  queryClient: QueryClient,
  projectId: string,
  point: Pick<AssumptionPoint, 'id' | 'version'>,
  importance: number | null,
) {
  await queueCardWrite(point.id, point.version, (version) =>
    gatewayRequest<{ updateHypothesis: { version: number } }>(
      'mutation SetImportance($input: JSON!) { updateHypothesis(input: $input) { version } }',
      { input: { cardId: point.id, version, importance } },
    ).then((d) => d.updateHypothesis),
  );
  await queryClient.invalidateQueries({ queryKey: queryKeys.assumptionsMap(projectId) });
}
