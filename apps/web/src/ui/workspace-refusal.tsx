/**
 * What a workspace page shows when its data is refused: whoever may not open the workspace (part
 * 1 §2.5: not a member, no organization:write, not the academic license) is taken to the
 * project's dashboard, which tells them why; any other refusal is shown where the page would be.
 */
import { Alert } from '@mantine/core';
import { Navigate } from 'react-router';
import { ERRORS } from '@assay/domain';
import { toApiError } from '../api/errors.ts';

export function WorkspaceRefusal(props: { error: unknown; projectId: string }) {
  const error = toApiError(props.error);
  if (error.ref === ERRORS.workspaceClosed.ref)
    return (
      <Navigate
        to={`/project-dashboard/${props.projectId}/overview`}
        replace
        state={{ workspaceClosed: true }}
      />
    );
  return <Alert color="red">{error.message}</Alert>;
}
