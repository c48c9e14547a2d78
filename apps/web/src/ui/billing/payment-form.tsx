/**
 * The payment details form (part 1 §2.5, §4.4, §5): first name, last name, the card element and
 * a submit button (PURCHASE by default). The card goes to the processor's tokenizer and only the
 * token comes back; busy until it does. A validation error shows the payment-details warning for
 * 8 seconds with the wrong fields highlighted (number, month, year and CVV on the card element).
 */
import { Alert, Box, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { MESSAGES, paymentFormField, TIMERS, type CardField } from '@assay/domain';
import { tokenizeCard, usePaymentsConfig, type CardFields } from '../../api/billing.ts';

type Highlight = 'firstName' | 'lastName' | 'card';

export function PaymentForm(props: {
  submitLabel?: string;
  /** Called with the token; resolves when the parent is done with it (busy meanwhile). */
  onToken: (token: string) => Promise<void>;
  disabled?: boolean;
}) {
  const config = usePaymentsConfig();
  const [card, setCard] = useState<CardFields>({
    firstName: '',
    lastName: '',
    number: '',
    month: '',
    year: '',
    cvv: '',
  });
  const [busy, setBusy] = useState(false);
  const [warning, setWarning] = useState<string | null>(null);
  const [highlight, setHighlight] = useState<Set<Highlight>>(new Set());

  useEffect(() => {
    if (!warning) return;
    const timer = setTimeout(() => {
      setWarning(null);
      setHighlight(new Set());
    }, TIMERS.paymentWarningMs);
    return () => clearTimeout(timer);
  }, [warning]);

  const set = (field: keyof CardFields) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setCard((c) => ({ ...c, [field]: value }));
  };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!config.data || busy) return;
    setBusy(true);
    setWarning(null);
    setHighlight(new Set());
    try {
      const answer = await tokenizeCard(config.data, card);
      if ('error' in answer) {
        const fields = (answer.error.fields ?? []).map((f) =>
          f === 'first_name' ? 'firstName' : f === 'last_name' ? 'lastName' : f,
        ) as CardField[];
        setHighlight(new Set(fields.map(paymentFormField)));
        setWarning(
          answer.error.code === 'validation'
            ? MESSAGES.paymentDetailsInvalid
            : answer.error.message,
        );
        return;
      }
      await props.onToken(answer.id);
    } finally {
      setBusy(false);
    }
  }

  const cardError = highlight.has('card');
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Payment details">
      <Stack gap="sm">
        <Group grow>
          <TextInput
            label="First name"
            value={card.firstName}
            onChange={set('firstName')}
            error={highlight.has('firstName')}
            autoComplete="cc-given-name"
          />
          <TextInput
            label="Last name"
            value={card.lastName}
            onChange={set('lastName')}
            error={highlight.has('lastName')}
            autoComplete="cc-family-name"
          />
        </Group>
        <Box>
          <Text size="sm" fw={500} mb={4}>
            Card
          </Text>
          <Group
            gap="xs"
            p={6}
            wrap="nowrap"
            data-testid="card-element"
            data-invalid={cardError || undefined}
            style={{
              border: `1px solid ${cardError ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-gray-4)'}`,
              borderRadius: 4,
            }}
          >
            <TextInput
              aria-label="Card number"
              placeholder="Card number"
              inputMode="numeric"
              autoComplete="cc-number"
              variant="unstyled"
              value={card.number}
              onChange={set('number')}
              style={{ flex: 1 }}
            />
            <TextInput
              aria-label="Expiry month"
              placeholder="MM"
              inputMode="numeric"
              autoComplete="cc-exp-month"
              variant="unstyled"
              w={40}
              maxLength={2}
              value={card.month}
              onChange={set('month')}
            />
            <TextInput
              aria-label="Expiry year"
              placeholder="YY"
              inputMode="numeric"
              autoComplete="cc-exp-year"
              variant="unstyled"
              w={48}
              maxLength={4}
              value={card.year}
              onChange={set('year')}
            />
            <TextInput
              aria-label="CVV"
              placeholder="CVV"
              inputMode="numeric"
              autoComplete="cc-csc"
              variant="unstyled"
              w={48}
              maxLength={4}
              value={card.cvv}
              onChange={set('cvv')}
            />
          </Group>
          {config.data?.provider === 'sandbox' ? (
            <Text size="xs" c="dimmed" mt={4}>
              Sandbox payments: 4111 1111 1111 1111 pays; 4000 0000 0000 0002 is declined. No real
              card is charged.
            </Text>
          ) : null}
        </Box>
        {warning ? (
          <Alert color="yellow" role="alert">
            {warning}
          </Alert>
        ) : null}
        <Button type="submit" loading={busy} disabled={props.disabled || !config.data}>
          {props.submitLabel ?? 'PURCHASE'}
        </Button>
      </Stack>
    </form>
  );
}
