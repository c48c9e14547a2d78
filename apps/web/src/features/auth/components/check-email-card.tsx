import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { AuthCard } from './auth-card.tsx';

/** "Check your email", with the dev inbox link outside production. */
export function CheckEmailCard(props: { subtitle?: string; children: ReactNode }) {
  const boot = useBootstrap();
  return (
    <AuthCard title="Check your email" {...(props.subtitle ? { subtitle: props.subtitle } : {})}>
      <Text size="sm">{props.children}</Text>
      {boot.data?.devInbox ? (
        <Anchor component={Link} to="/dev/inbox">
          Open the dev inbox
        </Anchor>
      ) : null}
    </AuthCard>
  );
}
