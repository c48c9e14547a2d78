import { ORGANIZATION_SLUG_HEADER } from '@assay/domain';
import { restRequest } from '../../../api/rest.ts';

export type SignInAnswer =
  { mfaRequired: true } | { user: { id: string; email: string }; organizationSlug: string | null };

export const signIn = (input: {
  email: string;
  password: string;
  code?: string;
  organizationSlug?: string;
}) =>
  restRequest<SignInAnswer>('/api/auth/session', {
    method: 'POST',
    body: {
      email: input.email,
      password: input.password,
      ...(input.code ? { code: input.code } : {}),
    },
    headers: input.organizationSlug ? { [ORGANIZATION_SLUG_HEADER]: input.organizationSlug } : {},
  });

export const forgotPassword = (email: string) =>
  restRequest<{ sent: true }>('/api/auth/password/forgot', { method: 'POST', body: { email } });

export const resetPassword = (token: string, password: string) =>
  restRequest<{ ok: true }>('/api/auth/password', { method: 'PUT', body: { token, password } });

export const confirmEmailChange = (token: string) =>
  restRequest<{ email: string }>('/api/auth/email', { method: 'PUT', body: { token } });

/** Where "Continue with single sign-on" goes: the app host starts it for the organisation. */
export function ssoStartUrl(appOrigin: string, slug: string, path = '/') {
  return `${appOrigin}/api/auth/sso/${slug}/start?path=${encodeURIComponent(path)}`;
}

/** A mailed link that allows an organisation's single sign-on for the account (issue #47). */
export const allowSsoLink = (token: string) =>
  restRequest<{ url: string; organizationName: string }>('/api/auth/sso/link', {
    method: 'POST',
    body: { token },
  });

/** A mailed link that confirms a domain for an organisation's single sign-on (issue #47). */
export const confirmSsoDomain = (token: string) =>
  restRequest<{ domain: string }>('/api/auth/sso/domains/confirm', {
    method: 'POST',
    body: { token },
  });
