/**
 * Who invoices are made out to (#30 item 4): contact, company, address, country (its two-letter
 * code) and VAT number — at checkout (optional) and in Billing. Checked by the domain's schema.
 */
import { SimpleGrid, TextInput } from '@mantine/core';
import { invoiceAddressSchema, type InvoiceAddressInput } from '@assay/domain';

export type InvoiceAddressDraft = Required<{ [K in keyof InvoiceAddressInput]: string }>;

export const EMPTY_INVOICE_ADDRESS: InvoiceAddressDraft = {
  name: '',
  email: '',
  company: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country: '',
  vatNumber: '',
};

const FIELDS: { key: keyof InvoiceAddressDraft; label: string; required?: boolean }[] = [
  { key: 'name', label: 'Invoices made out to', required: true },
  { key: 'email', label: 'Email for invoices' },
  { key: 'company', label: 'Company' },
  { key: 'vatNumber', label: 'VAT number' },
  { key: 'line1', label: 'Street address', required: true },
  { key: 'line2', label: 'Address line 2' },
  { key: 'city', label: 'City', required: true },
  { key: 'region', label: 'State or region' },
  { key: 'postalCode', label: 'Postal code', required: true },
  { key: 'country', label: 'Country code', required: true },
];

/** The draft checked: the address, or each field's message. */
export function checkInvoiceAddress(draft: InvoiceAddressDraft) {
  const parsed = invoiceAddressSchema.safeParse(draft);
  if (parsed.success) return { address: parsed.data, errors: {} as Record<string, string> };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { address: null, errors };
}

export function InvoiceAddressFields(props: {
  value: InvoiceAddressDraft;
  onChange: (next: InvoiceAddressDraft) => void;
  errors: Record<string, string>;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
      {FIELDS.map((field) => (
        <TextInput
          key={field.key}
          label={field.label}
          required={field.required ?? false}
          value={props.value[field.key]}
          error={props.errors[field.key]}
          maxLength={field.key === 'country' ? 2 : undefined}
          placeholder={field.key === 'country' ? 'US' : undefined}
          onChange={(e) => props.onChange({ ...props.value, [field.key]: e.currentTarget.value })}
        />
      ))}
    </SimpleGrid>
  );
}
