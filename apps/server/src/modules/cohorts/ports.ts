/** The face of cohorts: what other modules may use (decision 009). */
export { cohortAccess } from './access.ts';
export { checkCohortPayment } from './billing.ts';
export { hiddenEngagementTypes, withoutHiddenEngagements } from './engagement.ts';
export { teamPresentationAccess } from './presentations.ts';
export { listCohorts } from './service.ts';
