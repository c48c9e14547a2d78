import { Button, Group, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { CenteredPage } from '../../ui/centered-page.tsx';

export function NotAuthorizedPage() {
  const [params] = useSearchParams();
  const status = params.get('status') ?? '403';
  return (
    <CenteredPage title="You don't have access to this page">
      <Text>
        Your account is not allowed to see what you asked for (error {status}). If you think it
        should be, ask an admin of your organization to give you access.
      </Text>
      <Group>
        <Button component={Link} to="/">
          Go home
        </Button>
        <Button variant="default" component={Link} to="/sign-in">
          Sign in with another account
        </Button>
      </Group>
    </CenteredPage>
  );
}
