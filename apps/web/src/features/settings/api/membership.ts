/** Your membership of the organisation: leaving it (issue #29). */
import { restRequest } from '../../../api/rest.ts';

export const leaveOrganization = (organizationId: string) =>
  restRequest<{ left: boolean }>(`/api/org/organizations/${organizationId}/membership`, {
    method: 'DELETE',
  });
