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
