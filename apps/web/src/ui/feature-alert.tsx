/**
 * The feature alert (part 2 §2): a feature the plan does not have. It names the plan that brings
 * it; owners go to the plans, everyone else asks the owners by email (part 1 §6).
 */
import { featureAlert, planTargetForFeature, plansPath, type Feature } from '@assay/domain';
import { requestOwnerApproval } from '../api/owner-approval.ts';
import { openLimitDialog } from './limit-dialog.tsx';

export function openFeatureAlert(options: {
  feature: Feature;
  isOwner: boolean;
  /** Takes the owner to Settings → Billing, on the plan that brings the feature. */
  seePlans: (path: string) => void;
}): string {
  const alert = featureAlert(options.feature);
  return openLimitDialog({
    title: alert.title,
    message: alert.message,
    isOwner: options.isOwner,
    ownerLabel: 'See plans',
    contactUs: () => options.seePlans(plansPath(planTargetForFeature(options.feature))),
    askOwners: () => requestOwnerApproval(alert.request),
  });
}
