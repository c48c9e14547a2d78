/**
 * The payment details form (part 1 §2.5, §4.4, §5): first name, last name, the card element and
 * a submit button (PURCHASE by default). The card goes to the processor's tokenizer and only the
 * token comes back; busy until it does. A validation error shows the payment-details warning for
 * 8 seconds with the wrong fields highlighted (number, month, year and CVV on the card element).
 */
import { Alert, Box, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { MESSAGES, paymentFormField, TIMERS, type CardField } from '@assay/domain';
import { tokenizeCard, usePaymentsConfig, type CardFields } from '../../api/billing.ts';
import {
  loadRecurly,
  recurlyToken,
  type RecurlyElements,
  type RecurlyJs,
} from '../../api/recurly-js.ts';

type Highlight = 'firstName' | 'lastName' | 'card';

/** The sandbox's card element: number, expiry month and year, CVV. */
const CARD_INPUTS: {
  field: 'number' | 'month' | 'year' | 'cvv';
  label: string;
  placeholder: string;
  autoComplete: string;
  width?: number;
  maxLength?: number;
}[] = [
  { field: 'number', label: 'Card number', placeholder: 'Card number', autoComplete: 'cc-number' },
  {
    field: 'month',
    label: 'Expiry month',
    placeholder: 'MM',
    autoComplete: 'cc-exp-month',
    width: 40,
    maxLength: 2,
  },
  {
    field: 'year',
    label: 'Expiry year',
    placeholder: 'YY',
    autoComplete: 'cc-exp-year',
    width: 48,
    maxLength: 4,
  },
  {
    field: 'cvv',
    label: 'CVV',
    placeholder: 'CVV',
    autoComplete: 'cc-csc',
    width: 48,
    maxLength: 4,
  },
];

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
  const form = useRef<HTMLFormElement>(null);
  const hosted = useRef<HTMLDivElement>(null);
  const recurly = useRef<{ js: RecurlyJs; elements: RecurlyElements } | null>(null);
  const provider = config.data?.provider;
  const scriptUrl = config.data?.scriptUrl;
  const publicKey = config.data?.publicKey;

  // Recurly: its own card element, in place of the card fields.
  useEffect(() => {
    if (provider !== 'recurly' || !scriptUrl || !publicKey) return;
    let element: { remove?(): void } | null = null;
    let cancelled = false;
    loadRecurly(scriptUrl, publicKey)
      .then((js) => {
        if (cancelled || !hosted.current) return;
        const elements = js.Elements();
        const card = elements.CardElement();
        card.attach(hosted.current);
        element = card;
        recurly.current = { js, elements };
      })
      .catch(() => setWarning('Card payments could not load. Please refresh the page.'));
    return () => {
      cancelled = true;
      element?.remove?.();
      recurly.current = null;
    };
  }, [provider, scriptUrl, publicKey]);

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
      const answer =
        config.data.provider === 'recurly'
          ? recurly.current && form.current
            ? await recurlyToken(recurly.current.js, recurly.current.elements, form.current)
            : { error: { code: 'unavailable', message: 'Card payments are still loading.' } }
          : await tokenizeCard(config.data, card);
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
    <form ref={form} onSubmit={(e) => void submit(e)} noValidate aria-label="Payment details">
      <Stack gap="sm">
        <Group grow>
          <TextInput
            label="First name"
            value={card.firstName}
            onChange={set('firstName')}
            error={highlight.has('firstName')}
            data-recurly="first_name"
            autoComplete="cc-given-name"
          />
          <TextInput
            label="Last name"
            value={card.lastName}
            onChange={set('lastName')}
            error={highlight.has('lastName')}
            data-recurly="last_name"
            autoComplete="cc-family-name"
          />
        </Group>
        <Box>
          <Text size="sm" fw={500} mb={4}>
            Card
          </Text>
          {provider === 'recurly' ? (
            <Box
              ref={hosted}
              p={6}
              data-testid="card-element"
              data-invalid={cardError || undefined}
              style={{
                border: `1px solid ${cardError ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-gray-4)'}`,
                borderRadius: 4,
                minHeight: 40,
              }}
            />
          ) : (
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
              {CARD_INPUTS.map((input) => (
                <TextInput
                  key={input.field}
                  aria-label={input.label}
                  placeholder={input.placeholder}
                  inputMode="numeric"
                  autoComplete={input.autoComplete}
                  variant="unstyled"
                  {...(input.width ? { w: input.width } : { style: { flex: 1 } })}
                  {...(input.maxLength ? { maxLength: input.maxLength } : {})}
                  value={card[input.field]}
                  onChange={set(input.field)}
                />
              ))}
            </Group>
          )}
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
