/** An organisation's single sign-on settings (owners on Enterprise; issue #25). */
import { useQuery } from '@tanstack/react-query';
import type { SsoDomainMailbox, SsoSettingsInput, SsoSettingsView } from '@assay/domain';
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

/** A domain's proof (issue #47): its DNS record read, or a mail to one of its mailboxes. */
export const checkSsoDomainDns = (domain: string) =>
  restRequest<{ verified: boolean }>(
    `/api/org/sso/domains/${encodeURIComponent(domain)}/dns-check`,
    {
      method: 'POST',
      body: {},
    },
  );

export const mailSsoDomain = (domain: string, mailbox: SsoDomainMailbox) =>
  restRequest<{ sent: boolean; verified: boolean }>(
    `/api/org/sso/domains/${encodeURIComponent(domain)}/mail`,
    { method: 'POST', body: { mailbox } },
  );
