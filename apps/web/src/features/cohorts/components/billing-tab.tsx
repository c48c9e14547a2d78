/**
 * Cohort billing for those who run it: the cohort's card, editor pay (each student pays a fee to
 * edit their team), and the account's adjustments. Students who owe the fee get PayEditorFee.
 */
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDollars, TIMERS } from '@assay/domain';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { PaymentForm } from '../../../ui/billing/payment-form.tsx';
import {
  cohortBillingKeys,
  payEditorFee,
  saveCohortCard,
  useCohortAdjustments,
  useCohortBilling,
} from '../api/billing.ts';
import { cohortApi, cohortKeys, type Cohort } from '../api/cohorts.ts';

const report = (error: unknown) =>
  showAlert({ type: 'warning', message: toApiError(error).message });

function EditorPay(props: { cohort: Cohort }) {
  const client = useQueryClient();
  const { cohort } = props;
  const [fee, setFee] = useState<number | string>(cohort.payment.editorFeeInCents / 100);
  const save = (patch: { editorPay?: boolean; editorFeeInCents?: number }) =>
    void cohortApi.update(client, { cohortId: cohort.id, payment: patch }).catch(report);
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={3} size="h5">
          Editor pay
        </Title>
        <Switch
          label="Students pay a fee to edit their team"
          checked={cohort.payment.editorPay}
          onChange={(e) => save({ editorPay: e.currentTarget.checked })}
        />
        <Group align="flex-end">
          <NumberInput
            label="Fee (USD)"
            min={0}
            decimalScale={2}
            value={fee}
            onChange={setFee}
            w={160}
          />
          <Button
            variant="default"
            onClick={() => save({ editorFeeInCents: Math.round(Number(fee || 0) * 100) })}
          >
            Save fee
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function BillingTab(props: { cohort: Cohort }) {
  const client = useQueryClient();
  const { cohort } = props;
  const billing = useCohortBilling(cohort.id);
  const adjustments = useCohortAdjustments(cohort.id);
  const info = billing.data?.billingInfo;
  return (
    <Stack gap="md" maw={720}>
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={3} size="h5">
            The cohort’s card
          </Title>
          {info ? (
            <Text size="sm" data-testid="cohort-card">
              {info.cardType ?? 'Card'} ending in {info.lastFour}, expires{' '}
              {String(info.month).padStart(2, '0')}/{info.year}
            </Text>
          ) : (
            <Text size="sm">No card on file yet.</Text>
          )}
          <PaymentForm
            submitLabel={info ? 'Replace card' : 'Save card'}
            onToken={async (token) => {
              try {
                await saveCohortCard(cohort.id, Boolean(billing.data?.exists), token);
                await client.invalidateQueries({ queryKey: cohortBillingKeys.billing(cohort.id) });
                showAlert({ type: 'success', message: 'The cohort’s card has been saved.' });
              } catch (error) {
                report(error);
              }
            }}
          />
        </Stack>
      </Paper>
      <EditorPay cohort={cohort} />
      <Paper withBorder p="md">
        <Title order={3} size="h5" mb="xs">
          Adjustments
        </Title>
        {(adjustments.data ?? []).length === 0 ? (
          <Text size="sm">No charges or credits yet.</Text>
        ) : (
          <Table>
            <Table.Tbody>
              {(adjustments.data ?? []).map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{new Date(a.createdAt).toLocaleDateString()}</Table.Td>
                  <Table.Td>{a.description}</Table.Td>
                  <Table.Td>{formatDollars(a.amountInCents / 100)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}

/** Shown to a student who edits a team of an editor-pay cohort and has not paid yet. */
export function PayEditorFee(props: { cohort: Cohort }) {
  const client = useQueryClient();
  const boot = useBootstrap();
  const profileId = boot.data?.membership?.profileId;
  const { cohort } = props;
  if (!cohort.paymentDue || !profileId) return null;
  return (
    <Alert color="yellow" title="Payment is due" data-testid="payment-due">
      <Stack gap="xs">
        <Text size="sm">
          This cohort asks each student for an editor fee of{' '}
          {formatDollars(cohort.payment.editorFeeInCents / 100)} to work in their team.
        </Text>
        <PaymentForm
          submitLabel="Pay the fee"
          onToken={async (token) => {
            try {
              await payEditorFee(profileId, cohort.id, token);
              showAlert({ type: 'success', message: 'Thank you: your team is open to you.' });
              // The screen refreshes a few seconds after a payment (part 1 §7.3).
              setTimeout(
                () => void client.invalidateQueries({ queryKey: cohortKeys.one(cohort.id) }),
                TIMERS.postPaymentRefreshMs,
              );
            } catch (error) {
              report(error);
            }
          }}
        />
      </Stack>
    </Alert>
  );
}
