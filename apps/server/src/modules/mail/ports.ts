/** The face of mail: what other modules may use (decision 009). */
export {
  approvalRequestMail,
  changeEmailMail,
  confirmEmailMail,
  deletionCanceledMail,
  deletionScheduledMail,
  existingAccountMail,
  inviteMail,
  memberLeftMail,
  organizationDeletedMail,
  organizationExportReadyMail,
  ownershipGivenMail,
  ownershipReceivedMail,
  resetPasswordMail,
  securityMail,
} from './templates.ts';
export type { SecurityEvent } from './templates.ts';
export { ssoDomainMail, ssoLinkMail } from './sso-templates.ts';
export {
  cardExpiringMail,
  graceEndingMail,
  planChangedMail,
  paymentFailedMail,
  paymentReceivedMail,
  planCanceledMail,
  planExpiredMail,
  renewalReceiptMail,
} from './billing-templates.ts';
