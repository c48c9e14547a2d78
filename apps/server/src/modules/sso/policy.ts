/** Who may manage an organisation's single sign-on: its owners, on a plan with the feature. */
import { AppError } from '@assay/domain';
import { requireFeature, type MemberContext } from '../../http/member-context.ts';

export function assertCanManageSso(member: MemberContext): void {
  if (member.role !== 'owner') throw new AppError('forbidden');
  requireFeature(member, 'singleSignOn');
}
