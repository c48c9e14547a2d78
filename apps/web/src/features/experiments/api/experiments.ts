/** The experiment workspace and list: queries, creating a blank experiment, moving one. */
import { useQuery } from '@tanstack/react-query';
import type { ExperimentPhase, ExperimentType, TimingStatus } from '@assay/domain';
import { queueCardWrite } from '../../../api/card-writes.ts';
import { gatewayRequest } from '../../../api/gateway.ts';
import { queryKeys } from '../../../api/query-keys.ts';

export interface ExperimentItem {
  id: string;
  projectId: string;
  title: string;
  draft: boolean;
  tags: string[];
  version: number;
  path: string;
  experimentType: ExperimentType;
  phase: { phase: ExperimentPhase; phaseReady: boolean; rank: string; completedAt: string | null };
  dueDate: string | null;
  timing: TimingStatus;
  members: { profileId: string; firstName: string; lastName: string }[];
  success: boolean | null;
  evidenceCount: number;
  hypothesisCount: number;
  canEdit: boolean;
}

export interface ExperimentWorkspaceData {
  project: { id: string; name: string; license: string; abilities: { createExperiments: boolean } };
  columns: { phase: ExperimentPhase; cards: ExperimentItem[] }[];
}

const ITEM = `id projectId title draft tags version path experimentType dueDate timing success
  evidenceCount hypothesisCount canEdit members { profileId firstName lastName }
  phase { phase phaseReady rank completedAt }`;

export const useExperimentWorkspace = (projectId: string) =>
  useQuery({
    queryKey: queryKeys.experimentWorkspace(projectId),
    queryFn: () =>
      gatewayRequest<{ experimentWorkspace: ExperimentWorkspaceData }>(
        `query ExperimentWorkspace($p: ID!) { experimentWorkspace(projectId: $p) {
          project { id name license abilities { createExperiments } }
          columns { phase cards { ${ITEM} } } } }`,
        { p: projectId },
      ).then((d) => d.experimentWorkspace),
  });

export interface ExperimentFilters {
  phases?: ExperimentPhase[];
  search?: string;
  mine?: boolean;
}

export const useExperimentList = (projectId: string, filters: ExperimentFilters) =>
  useQuery({
    queryKey: queryKeys.experiments(projectId, filters),
    queryFn: () =>
      gatewayRequest<{ experiments: ExperimentItem[] }>(
        `query Experiments($p: ID!, $phases: [String!], $search: String, $mine: Boolean) {
          experiments(projectId: $p, phases: $phases, search: $search, mine: $mine) { ${ITEM} } }`,
        { p: projectId, ...filters },
      ).then((d) => d.experiments),
  });

export const createExperiment = (projectId: string) =>
  gatewayRequest<{ createCard: { id: string; version: number } }>(
    'mutation CreateExperiment($input: JSON!) { createCard(input: $input) { id version } }',
    { input: { projectId, type: 'experiment', unverifiedId: `temp-${crypto.randomUUID()}` } },
  ).then((d) => d.createCard);

/** Moves an experiment to a phase (with the phase rules) or within its column. */
export const moveExperiment = (
  card: Pick<ExperimentItem, 'id' | 'version'>,
  change: { phase?: ExperimentPhase; rank: string },
) =>
  queueCardWrite(card.id, card.version, (version) =>
    gatewayRequest<{ updateExperiment: { version: number } }>(
      'mutation MoveExperiment($input: JSON!) { updateExperiment(input: $input) { version } }',
      { input: { cardId: card.id, version, ...change } },
    ).then((d) => d.updateExperiment),
  );
