/** Routes whose screens arrive with later work show what they are for, honestly. */
import { Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CenteredPage } from '../../ui/centered-page.tsx';

export function PendingPage(props: { title: string; purpose: string }) {
  return (
    <CenteredPage title={props.title}>
      <Text>{props.purpose}</Text>
      <Text size="sm" c="dimmed" data-testid="pending-screen">
        This screen is not available in this version of Assay yet.
      </Text>
      <Button component={Link} to="/" variant="default" w="fit-content">
        Go home
      </Button>
    </CenteredPage>
  );
}
