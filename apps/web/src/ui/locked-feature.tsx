/**
 * A screen whose feature the plan lacks (part 1 §6, #48 item 4): it names the plan checkout sells
 * with it, and the way there — the owner goes to the plans, anyone else asks the owners by email
 * (a failed request shows the app's alert, as every mutation's does).
 */
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  featureAlert,
  featureLabel,
  planTargetForFeature,
  planWithFeature,
  plansPath,
  type Feature,
} from '@assay/domain';
import { useBootstrap } from '../api/bootstrap.ts';
import { requestOwnerApproval } from '../api/owner-approval.ts';

/** "Single sign-on comes with the Enterprise plan", from the one plan table. */
export function lockedTitle(feature: Feature): string {
  const plan = planWithFeature(feature);
  return plan
    ? `${featureLabel(feature)} comes with the ${plan.name} plan`
    : `${featureLabel(feature)} is not part of any plan yet`;
}

export function LockedFeature(props: { feature: Feature; children?: ReactNode }) {
  const boot = useBootstrap();
  const isOwner = boot.data?.membership?.role === 'owner';
  const ask = useMutation({
    mutationFn: () => requestOwnerApproval(featureAlert(props.feature).request),
  });
  return (
    <Alert color="blue" title={lockedTitle(props.feature)} maw={720} data-testid="locked-feature">
      <Stack gap="xs" align="flex-start">
        {props.children ? <Text size="sm">{props.children}</Text> : null}
        {isOwner ? (
          <Anchor component={Link} to={plansPath(planTargetForFeature(props.feature))} size="sm">
            See the plans
          </Anchor>
        ) : ask.isSuccess ? (
          <Text size="sm" role="status">
            We asked the owners of your organization.
          </Text>
        ) : (
          <Button size="xs" loading={ask.isPending} onClick={() => ask.mutate()}>
            Ask an owner
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
