/** Billing → Invoice address (#30 item 4): who the invoices are made out to; owners edit it. */
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { invoiceAddressLines, type InvoiceAddress } from '@assay/domain';
import { updateInvoiceAddress } from '../../../api/billing.ts';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import {
  checkInvoiceAddress,
  EMPTY_INVOICE_ADDRESS,
  InvoiceAddressFields,
  type InvoiceAddressDraft,
} from '../../../ui/billing/invoice-address-fields.tsx';

export function InvoiceAddressCard(props: {
  organizationId: string;
  address: InvoiceAddress | null;
  isOwner: boolean;
  onSaved: () => Promise<unknown>;
}) {
  const [draft, setDraft] = useState<InvoiceAddressDraft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (!draft) return;
    const checked = checkInvoiceAddress(draft);
    setErrors(checked.errors);
    if (!checked.address) return;
    setSaving(true);
    try {
      await updateInvoiceAddress(props.organizationId, checked.address);
      showAlert({ message: 'The invoice address is saved.', type: 'success' });
      setDraft(null);
      await props.onSaved();
    } catch (error) {
      showAlert({ message: toApiError(error).message, type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={3}>Invoice address</Title>
        {draft ? (
          <>
            <InvoiceAddressFields value={draft} onChange={setDraft} errors={errors} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDraft(null)}>
                Cancel
              </Button>
              <Button loading={saving} onClick={() => void save()}>
                Save address
              </Button>
            </Group>
          </>
        ) : (
          <>
            {props.address ? (
              <Stack gap={0} data-testid="invoice-address">
                {invoiceAddressLines(props.address).map((line) => (
                  <Text size="sm" key={line}>
                    {line}
                  </Text>
                ))}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                Invoices carry the organization’s name only. Add a company and an address for your
                accounts.
              </Text>
            )}
            {props.isOwner ? (
              <Group>
                <Button
                  variant="default"
                  onClick={() => setDraft({ ...EMPTY_INVOICE_ADDRESS, ...props.address })}
                >
                  {props.address ? 'Edit the address' : 'Add an address'}
                </Button>
              </Group>
            ) : null}
          </>
        )}
      </Stack>
    </Card>
  );
}
