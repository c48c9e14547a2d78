/**
 * Checkout (part 1 §2.4 step 3, §9.2): the plan, the billing cycle, a promo code, what is due
 * today (the price less the discount, in whole dollars) and the payment details. Enterprise is
 * "contact us".
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import {
  BILLING_PERIODS,
  couponDiscount,
  DEFAULT_BILLING_PERIOD,
  DEFAULT_PLAN,
  dueToday,
  formatDollars,
  MESSAGES,
  PLAN_IDS,
  PLANS,
  planCodeFor,
  planPrice,
  type BillingPeriod,
  type CouponInfo,
  type PlanId,
  planForCode,
} from '@assay/domain';
import { toApiError } from '../../api/errors.ts';
import { showAlert } from '../alerts.ts';
import { checkCoupon, subscribe, type SubscribeAnswer } from '../../api/billing.ts';
import { EnterpriseRequestButton } from './enterprise-request.tsx';
import {
  checkInvoiceAddress,
  EMPTY_INVOICE_ADDRESS,
  InvoiceAddressFields,
  type InvoiceAddressDraft,
} from './invoice-address-fields.tsx';
import { PaymentForm } from './payment-form.tsx';

const CYCLE_LABELS: Record<BillingPeriod, string> = { monthly: 'Monthly', yearly: 'Yearly' };

export function Checkout(props: {
  organizationId: string;
  onPaid: (answer: SubscribeAnswer) => Promise<void> | void;
  /** The plan to start on (arriving from a limit or a locked feature, #30). */
  initialPlanCode?: string | null;
}) {
  const initial = props.initialPlanCode ? planForCode(props.initialPlanCode) : null;
  const [plan, setPlan] = useState<PlanId>(initial?.plan.id ?? DEFAULT_PLAN);
  const [period, setPeriod] = useState<BillingPeriod>(initial?.period ?? DEFAULT_BILLING_PERIOD);
  const [code, setCode] = useState('');
  const [coupon, setCoupon] = useState<(CouponInfo & { code: string }) | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Who the invoices are made out to: optional here, editable in Billing later (#30).
  const [withAddress, setWithAddress] = useState(false);
  const [address, setAddress] = useState<InvoiceAddressDraft>(EMPTY_INVOICE_ADDRESS);
  const [addressErrors, setAddressErrors] = useState<Record<string, string>>({});

  const price = planPrice(plan, period);
  const planCode = planCodeFor(plan, period);

  async function apply() {
    const trimmed = code.trim();
    if (!trimmed) return; // Apply does nothing when the code is empty.
    setApplying(true);
    setCouponError(null);
    try {
      const info = await checkCoupon(props.organizationId, trimmed);
      setCoupon({ ...info, code: trimmed });
    } catch (error) {
      setCoupon(null);
      setCouponError(toApiError(error).message || MESSAGES.promoCodeError);
    } finally {
      setApplying(false);
    }
  }

  async function pay(token: string) {
    if (!planCode) return;
    setFailure(null);
    try {
      let invoiceAddress;
      if (withAddress) {
        const checked = checkInvoiceAddress(address);
        setAddressErrors(checked.errors);
        if (!checked.address) return;
        invoiceAddress = checked.address;
      }
      const answer = await subscribe(props.organizationId, {
        planCode,
        paymentToken: token,
        couponCode: coupon?.code ?? null,
        ...(invoiceAddress ? { invoiceAddress } : {}),
      });
      await props.onPaid(answer);
    } catch (error) {
      const message = toApiError(error).message || MESSAGES.somethingWentWrong;
      setFailure(message);
      showAlert({ message, type: 'error' });
    }
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>Choose your plan</Title>
        <SegmentedControl
          aria-label="Billing cycle"
          value={period}
          onChange={(v) => setPeriod(v as BillingPeriod)}
          data={BILLING_PERIODS.map((p) => ({ value: p, label: CYCLE_LABELS[p] }))}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} role="radiogroup" aria-label="Plan">
        {PLAN_IDS.map((id) => {
          const p = PLANS[id];
          const amount = planPrice(id, period);
          const selected = id === plan;
          return (
            <Card
              key={id}
              withBorder
              // A plan sold by contact is not a choice here: it holds a link, not a radio.
              role={amount === null ? undefined : 'radio'}
              aria-checked={amount === null ? undefined : selected}
              aria-label={amount === null ? undefined : p.name}
              tabIndex={amount === null ? undefined : 0}
              onClick={() => amount !== null && setPlan(id)}
              onKeyDown={(e) => e.key === 'Enter' && amount !== null && setPlan(id)}
              style={{
                cursor: amount === null ? 'default' : 'pointer',
                borderColor: selected ? 'var(--mantine-color-blue-6)' : undefined,
                borderWidth: selected ? 2 : 1,
              }}
            >
              <Stack gap={4}>
                <Group justify="space-between">
                  <Text fw={700}>{p.name}</Text>
                  {selected ? <Badge>Selected</Badge> : null}
                </Group>
                <Text size="xl" fw={700}>
                  {amount === null
                    ? 'Contact us'
                    : `${formatDollars(amount)} / ${period === 'monthly' ? 'month' : 'year'}`}
                </Text>
                <Text size="sm" c="dimmed">
                  {p.projects}
                  {p.plus ? '+' : ''} projects · {p.users}
                  {p.plus ? '+' : ''} users
                </Text>
                <List size="sm" spacing={2}>
                  {p.features.map((f) => (
                    <List.Item key={f}>{f}</List.Item>
                  ))}
                </List>
                {amount === null ? (
                  <EnterpriseRequestButton organizationId={props.organizationId} />
                ) : null}
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      <Group align="flex-end">
        <TextInput
          label="Promo code"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={couponError}
          style={{ flex: 1 }}
        />
        <Button variant="default" onClick={() => void apply()} loading={applying}>
          Apply
        </Button>
      </Group>
      {price !== null ? (
        <Stack gap={2} data-testid="checkout-summary">
          <Group justify="space-between">
            <Text>
              {PLANS[plan].name}, {CYCLE_LABELS[period].toLowerCase()}
            </Text>
            <Text>{formatDollars(price)}</Text>
          </Group>
          {coupon ? (
            <Group justify="space-between">
              <Text>Promo {coupon.code.toUpperCase()}</Text>
              <Text>{formatDollars(-Math.round(couponDiscount(price, coupon) * 100) / 100)}</Text>
            </Group>
          ) : null}
          <Group justify="space-between">
            <Text fw={700}>Due today</Text>
            <Text fw={700} data-testid="due-today">
              {formatDollars(dueToday(price, coupon))}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            Your card is charged each {period === 'monthly' ? 'month' : 'year'}; cancel any time.
          </Text>
        </Stack>
      ) : null}
      {failure ? (
        <Alert color="red" data-testid="payment-failure">
          {failure}
        </Alert>
      ) : null}
      <Checkbox
        label="Put a company name and address on the invoices"
        checked={withAddress}
        onChange={(e) => setWithAddress(e.currentTarget.checked)}
      />
      {withAddress ? (
        <InvoiceAddressFields value={address} onChange={setAddress} errors={addressErrors} />
      ) : null}
      <PaymentForm onToken={pay} disabled={planCode === null} />
    </Stack>
  );
}
