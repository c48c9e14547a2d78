import { Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MESSAGES } from '@assay/domain';
import { CenteredPage } from '../../ui/centered-page.tsx';

export function TokenErrorPage() {
  return (
    <CenteredPage title="Link expired">
      <Text>{MESSAGES.expiredLink}</Text>
      <Text size="sm" c="dimmed">
        Ask for a new link, or sign in if you already have an account.
      </Text>
      <Button component={Link} to="/sign-in" w="fit-content">
        Go to sign in
      </Button>
    </CenteredPage>
  );
}
