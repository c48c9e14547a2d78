/**
 * "Explore a demo": one click to a demo organisation with a filled canvas, evidence, experiments
 * in every phase and a cohort with a leaderboard. Shown where the installation offers it.
 */
import { Button, Divider, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { enterDemo, useDemoOffer } from '../api/demo.ts';
import { toApiError } from '../api/errors.ts';
import { goToOrganization } from '../api/session.ts';

export function ExploreDemo(props: { divider?: boolean }) {
  const offer = useDemoOffer();
  const mutation = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: async () => {
      const demo = await enterDemo();
      // Straight onto the demo project's canvas.
      await goToOrganization(demo.organizationId, demo.path);
    },
  });
  if (!offer.data?.offered) return null;
  return (
    <Stack gap="xs" data-testid="explore-demo">
      {props.divider === false ? null : <Divider label="or" labelPosition="center" />}
      <Button variant="light" loading={mutation.isPending} onClick={() => mutation.mutate()}>
        Explore a demo
      </Button>
      <Text size="xs" c="dimmed" ta="center">
        {mutation.isPending
          ? 'Setting up a demo organisation: a canvas, evidence, experiments and a cohort…'
          : 'See a sample organisation with real-looking data, no account needed.'}
      </Text>
      {mutation.error ? (
        <Text size="sm" c="red" role="alert">
          {toApiError(mutation.error).message}
        </Text>
      ) : null}
    </Stack>
  );
}
