/** The face of billing: what other modules may use (decision 009). */
import { AppError } from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { cancelSubscription } from './service.ts';

/**
 * Before an organisation is scheduled for deletion (#29): its subscription stops renewing. None,
 * or one canceled already, is fine; a processor that refuses stops the deletion (the error says
 * why), so nobody is charged for an organisation on its way out.
 */
export async function cancelBeforeDeletion(
  services: AppServices,
  member: MemberContext,
  context: RequestContext,
): Promise<boolean> {
  try {
    // The deletion's own mail says the subscription no longer renews: one mail, not two.
    await cancelSubscription(services, member, context, { mail: false });
    return true;
  } catch (error) {
    if (
      error instanceof AppError &&
      (error.code === 'noSubscription' || error.code === 'alreadyCanceled')
    )
      return false;
    throw error;
  }
}
