/** Who may ask the agent to write: checks shared by the generation use cases. */
import { AppError, canCreateCard } from '@assay/domain';
import { memberHasFeature, type MemberContext } from '../../http/member-context.ts';
import { mayEditCard, type CardAccess, type ProjectAccess } from '../cards/ports.ts';
import type { ProjectAccessRow } from '../projects/schema.ts';

export function mayWriteCards(access: ProjectAccess) {
  if (!canCreateCard(access.scope, 'hypothesis')) throw new AppError('forbidden');
}

export function requireEditable(access: CardAccess, member: MemberContext) {
  if (!mayEditCard(access, member.profileId)) throw new AppError('forbidden');
}

export function experimentsOn(member: MemberContext, project: ProjectAccessRow) {
  return memberHasFeature(member, 'experiments') && project.settings.experiments !== false;
}
