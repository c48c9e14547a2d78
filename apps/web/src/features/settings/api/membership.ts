/** Your membership of the organisation: leaving it, handing it over (issue #29). */
import { restRequest } from '../../../api/rest.ts';

export const leaveOrganization = (organizationId: string) =>
  restRequest<{ left: boolean }>(`/api/org/organizations/${organizationId}/membership`, {
    method: 'DELETE',
  });

/** The organisation handed to another member: they become an owner, you an admin. */
export const transferOwnership = (organizationId: string, profileId: string) =>
  restRequest<{ owner: { id: string }; formerOwner: { id: string } }>(
    `/api/org/organizations/${organizationId}/ownership`,
    { method: 'POST', body: { profileId } },
  );

/** The organisation's deletion asked for, its name typed to confirm (owners; #29). */
export const deleteOrganization = (organizationId: string, confirm: string) =>
  restRequest<{ deletionDueAt: string }>(`/api/org/organizations/${organizationId}`, {
    method: 'DELETE',
    body: { confirm },
  });

/** An organisation scheduled for deletion, restored as it was (owners). */
export const restoreOrganization = (organizationId: string) =>
  restRequest<{ restored: boolean }>(`/api/org/organizations/${organizationId}/restore`, {
    method: 'POST',
  });

/** An organisation export (#29): made in the background, its link mailed, for 7 days. */
export interface OrganizationExport {
  id: string;
  status: 'pending' | 'ready' | 'failed';
  size: number | null;
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string | null;
  expired: boolean;
}

export const listOrganizationExports = (organizationId: string) =>
  restRequest<OrganizationExport[]>(`/api/org/organizations/${organizationId}/exports`);

export const requestOrganizationExport = (organizationId: string) =>
  restRequest<OrganizationExport>(`/api/org/organizations/${organizationId}/exports`, {
    method: 'POST',
  });

export const organizationExportUrl = (organizationId: string, exportId: string) =>
  `/api/org/organizations/${organizationId}/exports/${exportId}/download`;
