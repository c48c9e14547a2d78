/** What an AI plan sells waits for its checkout (#48 item 1). */
import { AppError, awaitingCheckout, type License } from '@assay/domain';
import type { MemberContext } from '../../http/member-context.ts';

/**
 * An AI-tier organisation awaiting checkout (no subscription, no manual billing) is refused
 * projects and the agent, through REST and the gateway alike: the 402 planRequired.
 */
export function assertPaid(member: MemberContext) {
  if (awaitingCheckout(member.organization.license as License, member.organization.billing))
    throw new AppError('planRequired');
}
