/** Signing out, and moving to an organisation's subdomain signed in. */
import { restRequest } from './rest.ts';

export const ORGANIZATION_ID_KEY = 'organizationId';

/** Signs out of this session (failures are only logged, as the spec says). */
export async function signOut(sessionId: string | null): Promise<void> {
  try {
    if (sessionId) await restRequest(`/api/auth/session/${sessionId}`, { method: 'DELETE' });
  } catch (error) {
    console.warn('sign-out failed', error);
  }
}

/** Opens an organisation on its subdomain, signed in (a single-use handoff link). */
export async function goToOrganization(organizationId: string, path = '/'): Promise<void> {
  try {
    localStorage.setItem(ORGANIZATION_ID_KEY, organizationId);
  } catch {
    // Storage may be unavailable; the choice is only a convenience.
  }
  const { url } = await restRequest<{ url: string }>('/api/auth/handoff', {
    method: 'POST',
    body: { organizationId, path },
  });
  window.location.assign(url);
}

/** One of the signed-in person's organisations, with their role in it. */
export interface MyOrganization {
  id: string;
  name: string;
  slug: string;
  license: string;
  role?: string;
}

/** The organisations the signed-in person belongs to. */
export const listMyOrganizations = () => restRequest<MyOrganization[]>('/api/org/organizations');

/** The organisation this browser last opened (local storage `organizationId`), if any. */
export function rememberedOrganizationId(
  store: Pick<Storage, 'getItem'> = localStorage,
): string | null {
  try {
    return store.getItem(ORGANIZATION_ID_KEY);
  } catch {
    return null;
  }
}

/** The remembered organisation first, the others as they were. */
export function rememberedFirst<T extends { id: string }>(
  list: T[],
  remembered: string | null,
): T[] {
  const index = remembered ? list.findIndex((o) => o.id === remembered) : -1;
  if (index <= 0) return list;
  return [list[index]!, ...list.slice(0, index), ...list.slice(index + 1)];
}
