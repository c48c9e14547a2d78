/** Personal access tokens (issue #52): your own, and the organisation's for owners and admins. */
import { useQuery } from '@tanstack/react-query';
import type { AccessLevel, AccessToken } from '@assay/domain';
import { restRequest } from '../../../api/rest.ts';

export const MY_TOKENS_KEY = ['settings', 'access-tokens', 'mine'] as const;
export const ORGANIZATION_TOKENS_KEY = ['settings', 'access-tokens', 'organization'] as const;

export function useMyAccessTokens() {
  return useQuery({
    queryKey: MY_TOKENS_KEY,
    queryFn: () => restRequest<{ tokens: AccessToken[] }>('/api/auth/tokens').then((d) => d.tokens),
  });
}

export function useOrganizationAccessTokens() {
  return useQuery({
    queryKey: ORGANIZATION_TOKENS_KEY,
    queryFn: () =>
      restRequest<{ tokens: AccessToken[] }>('/api/org/access-tokens').then((d) => d.tokens),
  });
}

export const createAccessToken = (body: {
  name: string;
  organizationId: string;
  access: AccessLevel;
  expiresInDays: number;
}) =>
  restRequest<{ token: string; accessToken: AccessToken }>('/api/auth/tokens', {
    method: 'POST',
    body,
  });

export const revokeMyAccessToken = (id: string) =>
  restRequest(`/api/auth/tokens/${id}`, { method: 'DELETE' });

export const revokeOrganizationAccessToken = (id: string) =>
  restRequest(`/api/org/access-tokens/${id}`, { method: 'DELETE' });
