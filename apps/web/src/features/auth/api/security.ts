import { queryOptions, useQuery } from '@tanstack/react-query';
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

export const startMfaSetup = () =>
  restRequest<MfaSetup>('/api/auth/mfa/setup', { method: 'POST', body: {} });
export const enableMfa = (code: string) =>
  restRequest<{ mfaEnabled: true; recoveryCodes: string[] }>('/api/auth/mfa', {
    method: 'POST',
    body: { code },
  });
export const disableMfa = (code: string) =>
  restRequest<{ mfaEnabled: false }>('/api/auth/mfa', { method: 'DELETE', body: { code } });
