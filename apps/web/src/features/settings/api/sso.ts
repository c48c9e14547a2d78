/** An organisation's single sign-on settings (owners on Enterprise; issue #25). */
import { useQuery } from '@tanstack/react-query';
import type { SsoSettingsInput, SsoSettingsView } from '@assay/domain';
import { restRequest } from '../../../api/rest.ts';

export const SSO_QUERY_KEY = ['settings', 'sso'] as const;

export function useSsoSettings() {
  return useQuery({
    queryKey: SSO_QUERY_KEY,
    queryFn: () => restRequest<SsoSettingsView>('/api/org/sso'),
    meta: { customErrorHandler: true },
    retry: false,
  });
}

export const saveSsoSettings = (settings: SsoSettingsInput) =>
  restRequest<SsoSettingsView>('/api/org/sso', { method: 'PUT', body: settings });
