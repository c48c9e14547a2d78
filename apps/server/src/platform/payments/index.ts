/** The card processor in force: Recurly when configured, the embedded sandbox otherwise. */
import type { Config } from '../../config.ts';
import type { Executor } from '../db/index.ts';
import type { PaymentProcessor } from './processor.ts';
import { createRecurlyClient } from './recurly.ts';
import { createSandbox, type Sandbox } from './sandbox.ts';

export type { PaymentProcessor, PaymentsClientConfig } from './processor.ts';

/** Where the browser's sandbox card element asks for a token. */
export const SANDBOX_TOKEN_PATH = '/api/payments/sandbox/js/v1/token';
const SANDBOX_KEY = 'sandbox';

/** The key the sandbox signs its notifications with, and the receiver checks them with. */
export const SANDBOX_WEBHOOK_KEY = 'sandbox-webhooks';

/** The key webhook notifications are checked with: the Recurly endpoint's, or the sandbox's. */
export function webhookKey(config: Pick<Config, 'recurly'>): string | null {
  if (config.recurly) return config.recurly.webhookKey ?? null;
  return SANDBOX_WEBHOOK_KEY;
}

export function createPayments(
  config: Pick<Config, 'recurly' | 'taxRates'>,
  db: Executor,
): { processor: PaymentProcessor; sandbox: Sandbox | null } {
  if (config.recurly) {
    return {
      processor: createRecurlyClient({
        baseUrl: config.recurly.baseUrl,
        apiKey: config.recurly.apiKey,
        clientConfig: {
          provider: 'recurly',
          tokenUrl: null,
          publicKey: config.recurly.publicKey,
          scriptUrl: config.recurly.scriptUrl,
        },
      }),
      sandbox: null,
    };
  }
  const sandbox = createSandbox({
    db,
    apiKey: SANDBOX_KEY,
    webhookKey: SANDBOX_WEBHOOK_KEY,
    taxRates: config.taxRates,
  });
  return {
    processor: createRecurlyClient({
      baseUrl: 'http://sandbox.payments.invalid/v3',
      apiKey: SANDBOX_KEY,
      fetch: sandbox.fetch,
      clientConfig: {
        provider: 'sandbox',
        tokenUrl: SANDBOX_TOKEN_PATH,
        publicKey: null,
        scriptUrl: null,
      },
    }),
    sandbox,
  };
}
