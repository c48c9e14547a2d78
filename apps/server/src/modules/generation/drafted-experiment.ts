/**
 * "Plan an experiment" from the list of what to test next (issue #24), without the agent: an
 * experiment in Plan, published and connected to the hypothesis it tests, its statement the
 * hypothesis, so the team only writes how to test it. The same write as the agent's experiment
 * (one transaction), marked as made from the picker rather than generated.
 */
import { AppError, canCreateCard, isUuid } from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { cardAccess, mayEditCard } from '../cards/ports.ts';
import { requireExperiments } from '../cards/ports.ts';
import { insertGeneratedExperiment } from './writes.ts';

/** The title a drafted experiment starts with, within the title limit. */
export function experimentTitleFor(hypothesisTitle: string): string {
  const title = `Test: ${hypothesisTitle.trim() || 'an untitled hypothesis'}`;
  return title.length > 200 ? `${title.slice(0, 199).trimEnd()}…` : title;
}

/** What a caller may say of the experiment (the assistant over MCP, issue #52); the rest defaults. */
export interface ExperimentPlan {
  title?: string;
  statement?: string;
  description?: string;
  successCriteria?: { measurement: string; expectation: string }[];
}

export async function draftExperimentFor(
  services: AppServices,
  member: MemberContext,
  hypothesisId: string,
  context: RequestContext,
  plan: ExperimentPlan = {},
  origin: 'picker' | 'generated' = 'picker',
) {
  if (!isUuid(hypothesisId)) throw new AppError('notFound');
  const access = await cardAccess(services, member, hypothesisId);
  if (access.card.type !== 'hypothesis' || access.card.draft) {
    throw new AppError('validation', { message: 'Pick a published hypothesis to test.' });
  }
  requireExperiments(member, access);
  if (!canCreateCard(access.scope, 'experiment') || !mayEditCard(access, member.profileId)) {
    throw new AppError('forbidden');
  }
  const cardId = await services.transaction(
    (unit) =>
      insertGeneratedExperiment(
        unit,
        {
          organizationId: member.organization.id,
          projectId: access.card.projectId,
          profileId: member.profileId,
        },
        {
          title: plan.title?.trim() || experimentTitleFor(access.card.title),
          experimentType: 'evaluative',
          statement: plan.statement?.trim() || access.card.title,
          description: plan.description ?? '',
          successCriteria: plan.successCriteria ?? [],
        },
        [access.card.id],
        origin,
      ),
    { context },
  );
  return { cardId, path: `/experiment/${cardId}/details` };
}
