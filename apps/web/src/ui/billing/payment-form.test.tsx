import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@assay/domain';
import { paymentsConfigQuery } from '../../api/billing.ts';
import type { RecurlyError, RecurlyJs } from '../../api/recurly-js.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { PaymentForm } from './payment-form.tsx';

describe('payment form with Recurly', () => {
  it("mounts Recurly's card element, shows its validation error, then passes the token on", async () => {
    const attach = vi.fn((target: HTMLElement) => {
      target.innerHTML = '<iframe title="Recurly card"></iframe>';
    });
    const answers: [RecurlyError | null, { id: string } | undefined][] = [
      [{ code: 'validation', message: 'invalid', fields: ['number', 'cvv'] }, undefined],
      [null, { id: 'rjs_token_1' }],
    ];
    const forms: HTMLFormElement[] = [];
    const fake: RecurlyJs = {
      configure: vi.fn(),
      Elements: () => ({ CardElement: () => ({ attach }) }),
      token: (_elements, form, done) => {
        forms.push(form);
        const [error, token] = answers.shift()!;
        done(error, token);
      },
    };
    window.recurly = fake;
    const client = new QueryClient();
    client.setQueryData(paymentsConfigQuery.queryKey, {
      provider: 'recurly',
      tokenUrl: null,
      publicKey: 'ewr1-public',
      scriptUrl: 'https://js.recurly.test/v4/recurly.js',
    });
    const onToken = vi.fn(async () => undefined);
    renderWithProviders(
      <QueryClientProvider client={client}>
        <PaymentForm onToken={onToken} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(attach).toHaveBeenCalledOnce());
    expect(fake.configure).toHaveBeenCalledWith({ publicKey: 'ewr1-public' });
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.getByLabelText('First name').getAttribute('data-recurly')).toBe('first_name');

    fireEvent.click(screen.getByRole('button', { name: 'PURCHASE' }));
    expect(await screen.findByText(MESSAGES.paymentDetailsInvalid)).toBeTruthy();
    expect(screen.getByTestId('card-element').getAttribute('data-invalid')).toBe('true');
    expect(onToken).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'PURCHASE' }));
    await waitFor(() => expect(onToken).toHaveBeenCalledWith('rjs_token_1'));
    expect(forms[1]?.getAttribute('aria-label')).toBe('Payment details');
    delete window.recurly;
  });
});
