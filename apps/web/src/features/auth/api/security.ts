import { queryOptions, useQuery } from '@tanstack/react-query';
import { gatewayRequest } from '../../../api/gateway.ts';
import { restRequest } from '../../../api/rest.ts';

export interface SessionInfo {
  id: string;
  device: string;
  ip: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'sessions'],
    queryFn: () => restRequest<SessionInfo[]>('/api/auth/sessions'),
  });

export const useSessions = () => useQuery(sessionsQueryOptions());

export const revokeSession = (id: string) =>
  restRequest<void>(`/api/auth/session/${id}`, { method: 'DELETE' });
export const revokeAllSessions = () => restRequest<void>('/api/auth/session', { method: 'DELETE' });

export interface MfaSetup {
  secret: string;
  otpauthUrl: string;
  qrDataUrl: string;
}

const START_MFA_SETUP = /* GraphQL */ `
  mutation StartMfaSetup {
    startMfaSetup {
      secret
      otpauthUrl
      qrDataUrl
    }
  }
`;
const ENABLE_MFA = /* GraphQL */ `
  mutation EnableMFA($code: String!) {
    enableMFA(code: $code) {
      mfaEnabled
      recoveryCodes
    }
  }
`;
const DISABLE_MFA = /* GraphQL */ `
  mutation DisableMFA($code: String!) {
    disableMFA(code: $code)
  }
`;
const CHANGE_EMAIL = /* GraphQL */ `
  mutation ChangeEmail($email: String!) {
    changeEmail(email: $email)
  }
`;
const UPDATE_PASSWORD = /* GraphQL */ `
  mutation UpdatePassword($currentPassword: String!, $newPassword: String!) {
    updatePassword(currentPassword: $currentPassword, newPassword: $newPassword)
  }
`;

export const startMfaSetup = () =>
  gatewayRequest<{ startMfaSetup: MfaSetup }>(START_MFA_SETUP).then((d) => d.startMfaSetup);
export const enableMfa = (code: string) =>
  gatewayRequest<{ enableMFA: { mfaEnabled: true; recoveryCodes: string[] } }>(ENABLE_MFA, {
    code,
  }).then((d) => d.enableMFA);
export const disableMfa = (code: string) =>
  gatewayRequest<{ disableMFA: boolean }>(DISABLE_MFA, { code });
export const changeEmail = (email: string) =>
  gatewayRequest<{ changeEmail: boolean }>(CHANGE_EMAIL, { email });
export const updatePassword = (currentPassword: string, newPassword: string) =>
  gatewayRequest<{ updatePassword: boolean }>(UPDATE_PASSWORD, { currentPassword, newPassword });

/** Deletes the signed-in account (its password proves it is the person). */
export const deleteAccount = (password: string) =>
  restRequest<{ deleted: boolean }>('/api/auth/me', { method: 'DELETE', body: { password } });
