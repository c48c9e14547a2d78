import { restRequest } from '../../../api/rest.ts';
import { httpFetch } from '../../../api/http.ts';

export interface TokenInfo {
  kind: 'signup' | 'invite' | 'resetPassword' | 'changeEmail';
  email: string | null;
  exp: string;
  licenseKey: string | null;
  license: string | null;
  organization: { id: string; name: string; slug: string } | null;
  userExists: boolean;
}

export const startSignup = (input: { email: string; licenseKey?: string }) =>
  restRequest<{ sent: true }>('/api/auth/signups', { method: 'POST', body: input });

export const validateToken = (token: string) =>
  restRequest<TokenInfo>(`/api/auth/token?token=${encodeURIComponent(token)}`);

/** True when the beta code is valid (HEAD /api/auth/keys/{code}). */
export async function checkBetaCode(code: string, licenseType?: string): Promise<boolean> {
  const query = licenseType ? `?licenseType=${encodeURIComponent(licenseType)}` : '';
  const response = await httpFetch(`/api/auth/keys/${encodeURIComponent(code)}${query}`, {
    method: 'HEAD',
  });
  return response.ok;
}

/** Whether an organisation address is taken (HEAD with X-Exists and X-SSO). */
export async function checkSlug(slug: string): Promise<{ exists: boolean; sso: boolean }> {
  const response = await httpFetch(`/api/auth/organizations/${encodeURIComponent(slug)}`, {
    method: 'HEAD',
  });
  return {
    exists: response.headers.get('x-exists') === 'true',
    sso: response.headers.get('x-sso') === 'true',
  };
}

export interface CreatedUser {
  user: { id: string; email: string; firstName: string; lastName: string };
  license: string;
  organization: { id: string; name: string; slug: string } | null;
}

export const createUser = (input: {
  token: string;
  firstName: string;
  lastName: string;
  password: string;
}) => restRequest<CreatedUser>('/api/auth/users', { method: 'POST', body: input });

export interface Organization {
  id: string;
  name: string;
  slug: string;
  license: string;
  role?: string;
}

export const createOrganization = (input: { name: string; slug: string }) =>
  restRequest<Organization>('/api/org/organizations', { method: 'POST', body: input });

/** Joins an organisation one was invited to; `invitedEmail`: the address the invitation named. */
export const joinOrganization = (organizationId: string, invitedEmail?: string | null) =>
  restRequest<{ organization: Organization }>('/api/users/profiles', {
    method: 'POST',
    body: invitedEmail ? { invitedEmail } : {},
    headers: { 'x-organization-id': organizationId },
  });

export const listMyInvites = () =>
  restRequest<
    { id: string; role: string; organization: { id: string; name: string; slug: string } }[]
  >('/api/auth/invites');
