import { gatewayRequest } from './gateway.ts';

/** Asks the organisation's owners for a feature or more room; answers how many were emailed. */
export const requestOwnerApproval = (feature: string, message?: string) =>
  gatewayRequest<{ requestOwnerApproval: number }>(
    'mutation RequestOwnerApproval($feature: String!, $message: String) { requestOwnerApproval(feature: $feature, message: $message) }',
    { feature, message: message ?? null },
  ).then((d) => d.requestOwnerApproval);
