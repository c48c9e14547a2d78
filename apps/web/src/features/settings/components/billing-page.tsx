/**
 * Settings → Billing (part 1 §4.3, §7.3): the subscription (plan, state, renewal or end), the
 * card on file, invoices as PDF files, and adjustments. Owners subscribe, change plan (the wait
 * modal shows during a downgrade), update the card, cancel and reactivate; admins read.
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  formatDollars,
  isDowngrade,
  MESSAGES,
  planChangeText,
  planForCode,
  planPriceText,
  SUBSCRIBE_PLAN_CODES,
  type SubscribePlanCode,
} from '@assay/domain';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { openConfirm } from '../../../ui/confirm.tsx';
import { hideWaitModal, showWaitModal } from '../../../ui/wait-modal.tsx';
import { SettingsLayout } from './settings-layout.tsx';
import {
  adjustmentsQuery,
  billingQuery,
  cancelSubscription,
  changePlan,
  invoiceFileUrl,
  invoicesQuery,
  reactivateSubscription,
  subscriptionQuery,
  updateCard,
} from '../../../api/billing.ts';
import { Checkout } from '../../../ui/billing/checkout.tsx';
import { EnterpriseRequestButton } from '../../../ui/billing/enterprise-request.tsx';
import { InvoiceAddressCard } from './invoice-address-card.tsx';
import { PaymentForm } from '../../../ui/billing/payment-form.tsx';

const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : '—');
const cents = (amount: number) => formatDollars(amount / 100);

function planLabel(code: string) {
  const found = planForCode(code);
  return found ? `${found.plan.name}, ${found.period}` : code;
}

export function BillingPage() {
  const boot = useBootstrap();
  const organizationId = boot.data?.organization?.id ?? '';
  const isOwner = boot.data?.membership?.role === 'owner';
  const queryClient = useQueryClient();
  const enabled = organizationId !== '';
  const subscription = useQuery({ ...subscriptionQuery(organizationId), enabled });
  const billing = useQuery({ ...billingQuery(organizationId), enabled });
  const invoices = useQuery({ ...invoicesQuery(organizationId), enabled });
  const adjustments = useQuery({ ...adjustmentsQuery(organizationId), enabled });
  const [editingCard, setEditingCard] = useState(false);
  // Arriving from a limit or a locked feature: the plan that lifts it (#30).
  const [params] = useSearchParams();
  const wanted = params.get('plan');
  const wantedCode = (SUBSCRIBE_PLAN_CODES as readonly string[]).includes(wanted ?? '')
    ? (wanted as SubscribePlanCode)
    : null;
  const [nextPlan, setNextPlan] = useState<SubscribePlanCode | null>(wantedCode);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['billing', organizationId] });
    await queryClient.invalidateQueries({ queryKey: ['bootstrap'] });
  };

  const cancel = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: () => cancelSubscription(organizationId),
    onSuccess: async () => {
      showAlert({ message: MESSAGES.subscriptionCanceled, type: 'success' });
      await refresh();
    },
    onError: () => showAlert({ message: MESSAGES.subscriptionChangeFailed, type: 'error' }),
  });
  const reactivate = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: () => reactivateSubscription(organizationId),
    onSuccess: async () => {
      showAlert({ message: MESSAGES.subscriptionReactivated, type: 'success' });
      await refresh();
    },
    onError: () => showAlert({ message: MESSAGES.subscriptionChangeFailed, type: 'error' }),
  });
  const change = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: async (code: SubscribePlanCode) => {
      const downgrade = isDowngrade(subscription.data?.planCode, code);
      if (downgrade) showWaitModal();
      try {
        return await changePlan(organizationId, code);
      } finally {
        if (downgrade) hideWaitModal();
      }
    },
    onSuccess: async (answer) => {
      showAlert({
        message: `Your plan is now ${planLabel(answer.subscription.planCode)}`,
        type: 'success',
      });
      setNextPlan(null);
      await refresh();
    },
    onError: (error) =>
      showAlert({
        message: toApiError(error).message || MESSAGES.subscriptionChangeFailed,
        type: 'error',
      }),
  });

  async function download(invoiceId: string) {
    try {
      const url = await invoiceFileUrl(organizationId, invoiceId);
      window.open(url, '_blank', 'noopener');
      showAlert({ message: MESSAGES.invoiceDownloaded, type: 'success' });
    } catch {
      showAlert({ message: MESSAGES.invoiceNotFound, type: 'error' });
    }
  }

  const sub = subscription.data;
  return (
    <SettingsLayout>
      <Stack gap="lg">
        {wanted === 'enterprise' ? (
          <Alert color="blue" title="The Enterprise plan" data-testid="enterprise-wanted">
            <Group justify="space-between">
              <Text size="sm">
                What you were looking for comes with the Enterprise plan, which we set up with you.
              </Text>
              <EnterpriseRequestButton organizationId={organizationId} />
            </Group>
          </Alert>
        ) : null}
        <Card withBorder>
          <Stack gap="xs">
            <Title order={3}>Subscription</Title>
            {subscription.isLoading ? <Text c="dimmed">Loading…</Text> : null}
            {sub ? (
              <>
                <Group gap="xs">
                  <Text fw={700} data-testid="subscription-plan">
                    {planLabel(sub.planCode)}
                  </Text>
                  <Badge
                    color={sub.state === 'active' ? 'teal' : 'orange'}
                    data-testid="subscription-state"
                  >
                    {sub.state}
                  </Badge>
                  {sub.couponCodes.map((c) => (
                    <Badge key={c} variant="light">
                      {c}
                    </Badge>
                  ))}
                </Group>
                <Text size="sm">
                  {cents(sub.unitAmountInCents)} per{' '}
                  {planForCode(sub.planCode)?.period === 'yearly' ? 'year' : 'month'} ·{' '}
                  {sub.state === 'canceled' ? 'ends' : sub.state === 'expired' ? 'ended' : 'renews'}{' '}
                  {date(sub.currentPeriodEndsAt)}
                </Text>
                {isOwner ? (
                  <Group>
                    {sub.state === 'active' ? (
                      <Button
                        variant="default"
                        color="red"
                        loading={cancel.isPending}
                        onClick={() =>
                          openConfirm({
                            title: 'Cancel subscription',
                            message: `The plan stays until ${date(sub.currentPeriodEndsAt)}, then ends. You can reactivate before then.`,
                            confirmLabel: 'Cancel subscription',
                            cancelLabel: 'Keep it',
                            danger: true,
                            onConfirm: () => cancel.mutate(),
                          })
                        }
                      >
                        Cancel subscription
                      </Button>
                    ) : null}
                    {sub.state === 'canceled' ? (
                      <Button loading={reactivate.isPending} onClick={() => reactivate.mutate()}>
                        Reactivate
                      </Button>
                    ) : null}
                    {sub.state === 'active' ? (
                      <Group gap="xs" align="flex-end">
                        <Select
                          label="Change the plan to"
                          placeholder="Choose a plan"
                          w={300}
                          value={nextPlan}
                          onChange={(v) => setNextPlan(v as SubscribePlanCode | null)}
                          description={
                            nextPlan
                              ? (planChangeText(sub.planCode, nextPlan) ?? undefined)
                              : undefined
                          }
                          data={SUBSCRIBE_PLAN_CODES.filter((c) => c !== sub.planCode).map((c) => ({
                            value: c,
                            label: `${planLabel(c)} — ${planPriceText(c) ?? ''}`,
                          }))}
                        />
                        <Button
                          variant="light"
                          disabled={!nextPlan}
                          loading={change.isPending}
                          onClick={() => {
                            if (!nextPlan) return;
                            const chosen = nextPlan;
                            // A change of what the organisation pays is confirmed first (#26).
                            openConfirm({
                              title: `Change to ${planLabel(chosen)}?`,
                              message: `${planChangeText(sub.planCode, chosen) ?? ''}. The difference is prorated on the next invoice.`,
                              confirmLabel: 'Change plan',
                              onConfirm: () => change.mutate(chosen),
                            });
                          }}
                        >
                          Change plan
                        </Button>
                      </Group>
                    ) : null}
                  </Group>
                ) : null}
              </>
            ) : null}
            {sub?.state === 'expired' ? (
              isOwner ? (
                <Stack gap="xs" data-testid="renew-plan">
                  <Text size="sm">
                    The plan has expired, so the organization is read-only. Renew it to carry on:
                    everything is as it was left.
                  </Text>
                  <Checkout
                    organizationId={organizationId}
                    onPaid={refresh}
                    initialPlanCode={wantedCode}
                  />
                </Stack>
              ) : (
                <Text size="sm">The plan has expired. An owner can renew it.</Text>
              )
            ) : null}
            {!subscription.isLoading && !sub ? (
              isOwner ? (
                <Checkout
                  organizationId={organizationId}
                  onPaid={refresh}
                  initialPlanCode={wantedCode}
                />
              ) : (
                <Text size="sm">No subscription yet. The owner chooses the plan.</Text>
              )
            ) : null}
          </Stack>
        </Card>
        <Card withBorder>
          <Stack gap="xs">
            <Title order={3}>Card</Title>
            {billing.data?.billingInfo ? (
              <Text data-testid="card-on-file">
                {billing.data.billingInfo.cardType ?? 'Card'} ending in{' '}
                {billing.data.billingInfo.lastFour}, expires{' '}
                {String(billing.data.billingInfo.month).padStart(2, '0')}/
                {billing.data.billingInfo.year}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                No card on file.
              </Text>
            )}
            {isOwner && billing.data?.billingInfo ? (
              editingCard ? (
                <PaymentForm
                  submitLabel="Save card"
                  onToken={async (token) => {
                    try {
                      await updateCard(organizationId, token);
                      setEditingCard(false);
                      showAlert({ message: 'Your card has been updated', type: 'success' });
                      await refresh();
                    } catch (error) {
                      showAlert({ message: toApiError(error).message, type: 'error' });
                    }
                  }}
                />
              ) : (
                <Group>
                  <Button variant="default" onClick={() => setEditingCard(true)}>
                    Update card
                  </Button>
                </Group>
              )
            ) : null}
          </Stack>
        </Card>
        <InvoiceAddressCard
          organizationId={organizationId}
          address={billing.data?.invoiceAddress ?? null}
          isOwner={isOwner}
          onSaved={refresh}
        />
        <Card withBorder>
          <Stack gap="xs">
            <Title order={3}>Invoices</Title>
            {invoices.data && invoices.data.length > 0 ? (
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Number</Table.Th>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Total</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {invoices.data.map((invoice) => (
                    <Table.Tr key={invoice.id} data-testid="invoice-row">
                      <Table.Td>{invoice.number}</Table.Td>
                      <Table.Td>{date(invoice.createdAt)}</Table.Td>
                      <Table.Td>{cents(invoice.totalInCents)}</Table.Td>
                      <Table.Td>{invoice.state}</Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => void download(invoice.id)}
                        >
                          Download PDF
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : (
              <Text size="sm" c="dimmed">
                No invoices yet.
              </Text>
            )}
            {adjustments.data && adjustments.data.length > 0 ? (
              <>
                <Text fw={600} size="sm">
                  Charges and credits
                </Text>
                {adjustments.data.map((a) => (
                  <Group key={a.id} justify="space-between">
                    <Text size="sm">{a.description}</Text>
                    <Text size="sm">{cents(a.amountInCents)}</Text>
                  </Group>
                ))}
              </>
            ) : null}
          </Stack>
        </Card>
        {sub?.state === 'canceled' ? (
          <Alert color="orange">
            Your subscription is canceled and ends {date(sub.currentPeriodEndsAt)}.
          </Alert>
        ) : null}
      </Stack>
    </SettingsLayout>
  );
}
