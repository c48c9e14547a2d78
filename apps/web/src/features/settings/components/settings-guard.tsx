/** Settings are for owners and admins; others go to the not-authorised page. */
import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { canManageMembers } from '@assay/domain';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { NOT_AUTHORIZED_PATH } from '../../../api/handle-error.ts';

export function SettingsGuard(props: { children: ReactNode }) {
  const boot = useBootstrap();
  if (!boot.data) {
    return (
      <Center mih="50vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (!boot.data.user) return <Navigate to="/sign-in" replace />;
  if (!boot.data.membership || !canManageMembers(boot.data.membership.role)) {
    return <Navigate to={NOT_AUTHORIZED_PATH} replace />;
  }
  return <>{props.children}</>;
}
