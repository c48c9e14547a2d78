/**
 * The plan's state where everyone sees it (part 1 §4.3, #30): an expired plan (the organisation is
 * read-only until it is renewed), a renewal whose payment is being retried, or an expired card in
 * its grace days. Owners and admins get the way to Billing; others are told who can fix it.
 */
import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { canViewBilling } from '@assay/domain';
import type { Bootstrap } from '../../api/bootstrap.ts';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });

export function BillingBanner(props: { boot: Bootstrap }) {
  const status = props.boot.organization?.billingStatus;
  const role = props.boot.membership?.role;
  if (!status || !role) return null;
  const pastDue = status.pastDue ?? null;
  if (!(status.isExpired || status.invalidCard || pastDue)) return null;
  const manager = canViewBilling(role);
  let message: string;
  if (status.isExpired) {
    message =
      "Your organization's plan has expired, so it is read-only: everything can be read and exported, nothing changed.";
  } else if (pastDue) {
    const next = pastDue.retries[0];
    message = `A payment for the plan did not go through. ${next ? `The card is tried again on ${day(next)}; ` : ''}the plan expires on ${day(pastDue.expiresOn)} unless it is paid.`;
  } else {
    message = 'The card on file has expired. The plan keeps working for a few days.';
  }
  return (
    <Alert
      color={status.isExpired ? 'red' : 'yellow'}
      radius={0}
      data-testid="billing-banner"
      role={status.isExpired ? 'alert' : undefined}
    >
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
