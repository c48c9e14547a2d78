/**
 * Invoices people can file (#30 item 4): made out to the address given at checkout or in
 * Billing, with the service period, each line (the discount as −$11.80, the rounding to the
 * whole dollars checkout showed), the tax of the address's country and the total — read back
 * from the PDF; numbered in one sequence, forty at once included.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES, SANDBOX_TEST_CARDS } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import type { Agent } from '../../../test/agent.ts';
import { ownerWithOrganization } from '../../../test/organization.ts';

const built = await buildTestApp({ env: { TAX_RATES: 'FR:20,DE:19' } });

async function token(agent: Agent) {
  const answer = await agent.post('/api/payments/sandbox/js/v1/token', {
    first_name: 'Camille',
    last_name: 'Martin',
    number: SANDBOX_TEST_CARDS.success,
    month: '12',
    year: String(new Date().getFullYear() + 3),
    cvv: '123',
  });
  return (answer.json() as { id: string }).id;
}

async function pdfText(bytes: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  return (await extractText(pdf, { mergePages: true })).text;
}

const ADDRESS = {
  name: 'Camille Martin',
  email: 'compta@laverie.example',
  company: 'Laverie Lumière SAS',
  line1: '12 rue de la Paix',
  city: 'Paris',
  postalCode: '75002',
  country: 'fr',
  vatNumber: 'FR12345678901',
};

describe('invoices', () => {
  it('are made out to the checkout address, with the period, the discount, the rounding, the tax and the total', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const base = `/api/org/organizations/${org.id}`;
    const made = await owner.agent.post(`${base}/subscription`, {
      planCode: 'aiMonthly',
      paymentToken: await token(owner.agent),
      couponCode: 'WELCOME20',
      invoiceAddress: ADDRESS,
    });
    expect(made.statusCode).toBe(201);
    const billing = (await owner.agent.get(`${base}/billing`)).json() as {
      invoiceAddress: Record<string, string>;
    };
    expect(billing.invoiceAddress).toMatchObject({ company: 'Laverie Lumière SAS', country: 'FR' });

    const [invoice] = (await owner.agent.get(`${base}/invoices`)).json() as {
      id: string;
      number: string;
      totalInCents: number;
    }[];
    // $47 as checkout showed, then France's 20%.
    expect(invoice!.totalInCents).toBe(5640);
    const pdf = await owner.agent.get(`${base}/invoices/${invoice!.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [
      `Invoice ${invoice!.number}`,
      'Laverie Lumière SAS',
      'Camille Martin',
      '12 rue de la Paix',
      '75002 Paris',
      'VAT FR12345678901',
      'compta@laverie.example',
      'Service period',
      'Coupon WELCOME20',
      '\u2212$11.80',
      'Rounding to whole dollars',
      '\u2212$0.20',
      '$59.00',
      'Subtotal',
      '$47.00',
      'Tax (20%, FR)',
      '$9.40',
      'Total (USD)',
      '$56.40',
    ])
      expect(text, expected).toContain(expected);
  });

  it('takes an address the owner edits in Billing, refuses one that is incomplete, and charges no tax where none is set', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const base = `/api/org/organizations/${org.id}`;
    const refused = async (patch: Record<string, string>, message: string) => {
      const answer = await owner.agent.put(`${base}/billing/address`, { ...ADDRESS, ...patch });
      expect(answer.statusCode, message).toBe(400);
      expect(answer.json().message).toBe(message);
    };
    await refused({ city: ' ' }, INVOICE_MESSAGES.city);
    await refused({ country: 'France' }, INVOICE_MESSAGES.country);
    await refused({ email: 'not-an-email' }, INVOICE_MESSAGES.email);
    const saved = await owner.agent.put(`${base}/billing/address`, {
      ...ADDRESS,
      company: 'Acme Inc.',
      country: 'US',
      vatNumber: '',
    });
    expect(saved.statusCode).toBe(200);
    await owner.agent.post(`${base}/subscription`, {
      planCode: 'aiMonthly',
      paymentToken: await token(owner.agent),
    });
    const [invoice] = (await owner.agent.get(`${base}/invoices`)).json() as {
      id: string;
      totalInCents: number;
    }[];
    expect(invoice!.totalInCents).toBe(5900);
    const text = await pdfText(
      (await owner.agent.get(`${base}/invoices/${invoice!.id}/pdf`)).rawPayload,
    );
    expect(text).toContain('Acme Inc.');
    expect(text).toContain('Tax (0%, US)');
    expect(text).not.toContain('VAT');
  });

  it('numbers invoices in one sequence, forty at once included', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    await owner.agent.post(`/api/org/organizations/${org.id}/subscription`, {
      planCode: 'aiMonthly',
      paymentToken: await token(owner.agent),
    });
    const invoices = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        built.services.payments.purchase({
          accountCode: org.id,
          description: `Transcription hours ${i}`,
          cents: 500,
        }),
      ),
    );
    const numbers = invoices.map((i) => Number(i.number));
    expect(new Set(numbers).size).toBe(40);
    expect(numbers.every((n) => Number.isInteger(n) && n >= 1001)).toBe(true);
  });
});
