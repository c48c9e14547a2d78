/** What to test next (issue #24): the ranked list and its actions. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssumptionQuadrant, TestNextReason } from '@assay/domain';
import type { ConfidenceView } from '../ui/confidence.ts';
import { queueCardWrite } from './card-writes.ts';
import { gatewayRequest } from './gateway.ts';
import { queryKeys } from './query-keys.ts';

export interface TestNextItem {
  id: string;
  title: string;
  section: string | null;
  members: string[];
  version: number;
  canEdit: boolean;
  risky: boolean;
  importance: number;
  quadrant: AssumptionQuadrant;
  reason: TestNextReason;
  reasonText: string;
  confidence: ConfidenceView;
}

/**
 * The list, for useQuery and prefetchQuery (fresh for the app's default time: the project's live
 * events mark it stale when it changes).
 */
export const testNextQueryOptions = (projectId: string, limit: number) =>
  queryOptions({
    queryKey: queryKeys.testNext(projectId, limit),
    queryFn: () =>
      gatewayRequest<{ testNext: TestNextItem[] }>(
        `query TestNext($p: ID!, $limit: Int) { testNext(projectId: $p, limit: $limit) {
          id title section members version canEdit risky importance quadrant reason reasonText
          confidence { score state confirming disconfirming evidence people } } }`,
        { p: projectId, limit },
        { projectId },
      ).then((d) => d.testNext),
  });

export const useTestNext = (projectId: string, limit: number, enabled = true) =>
  useQuery({ ...testNextQueryOptions(projectId, limit), enabled });

/** A blank experiment in Plan for the hypothesis, connected to it; where it opens. */
export const draftExperiment = (hypothesisId: string) =>
  gatewayRequest<{ draftExperiment: { cardId: string; path: string } }>(
    'mutation DraftExperiment($h: ID!) { draftExperiment(hypothesisId: $h) { cardId path } }',
    { h: hypothesisId },
  ).then((d) => d.draftExperiment);

/** Adds an owner to the hypothesis's members. */
export const assignOwner = (
  item: Pick<TestNextItem, 'id' | 'version' | 'members'>,
  profileId: string,
) =>
  queueCardWrite(item.id, item.version, (version) =>
    gatewayRequest<{ updateHypothesis: { version: number } }>(
      'mutation AssignOwner($input: JSON!) { updateHypothesis(input: $input) { version } }',
      { input: { cardId: item.id, version, members: [...new Set([...item.members, profileId])] } },
    ).then((d) => d.updateHypothesis),
  );

export interface Teammate {
  id: string;
  firstName: string;
  lastName: string;
}

/** People who may own a hypothesis: the organisation's members who edit cards. */
export const useOwners = (enabled: boolean) =>
  useQuery({
    queryKey: ['test-next', 'owners'],
    enabled,
    queryFn: () =>
      gatewayRequest<{ organizationMembers: { members: (Teammate & { role: string })[] } }>(
        '{ organizationMembers(filters: { disabled: false, pageSize: 100 }) { members { id firstName lastName role } } }',
      ).then((d) =>
        d.organizationMembers.members.filter((m) =>
          ['owner', 'admin', 'collaborator'].includes(m.role),
        ),
      ),
    staleTime: 60_000,
  });
