/**
 * The plan's state where everyone sees it (part 1 §4.3): an expired plan, or an expired card in
 * its grace days. Owners and admins get the way to Billing; others are told who can fix it.
 */
import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { canViewBilling } from '@assay/domain';
import type { Bootstrap } from '../../api/bootstrap.ts';

export function BillingBanner(props: { boot: Bootstrap }) {
  const status = props.boot.organization?.billingStatus;
  const role = props.boot.membership?.role;
  if (!status || !role || !(status.isExpired || status.invalidCard)) return null;
  const manager = canViewBilling(role);
  const message = status.isExpired
    ? "Your organization's plan has expired."
    : 'The card on file has expired. The plan keeps working for a few days.';
  return (
    <Alert color={status.isExpired ? 'red' : 'yellow'} radius={0} data-testid="billing-banner">
      {message}{' '}
      {manager ? (
        <Anchor component={Link} to="/settings/billing">
          {status.isExpired ? 'Renew it in Billing' : 'Update the card in Billing'}
        </Anchor>
      ) : (
        'An owner can renew it.'
      )}
    </Alert>
  );
}
