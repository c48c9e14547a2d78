import { Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CenteredPage } from '../../ui/centered-page.tsx';

export function NotFoundPage() {
  return (
    <CenteredPage title="We can't find that page">
      <Text>The page or project you are looking for does not exist, or it was deleted.</Text>
      <Button component={Link} to="/" w="fit-content">
        Go home
      </Button>
    </CenteredPage>
  );
}
