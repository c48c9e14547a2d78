/**
 * What a workspace page shows when its data is refused: whoever may not open the workspace (part
 * 1 §2.5: not a member, no organization:write, not the academic license) is taken to the
 * project's dashboard, which tells them why; a project that is not there (or not theirs to
 * know of) goes to the not-found page, as the dashboard's does (#48 item 6); any other refusal is
 * shown where the page would be.
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
  if (error.statusCode === 404 || error.ref === ERRORS.notFound.ref)
    return <Navigate to="/not-found" replace />;
  return <Alert color="red">{error.message}</Alert>;
}
