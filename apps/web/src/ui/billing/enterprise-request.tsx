/**
 * "Contact us" for the Enterprise plan (#30 item 5): a short form — seats and what the team needs
 * — kept for our operators and mailed to sales; the person asking hears when to expect an answer.
 */
import { Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { SALES_REQUEST_MESSAGES, salesRequestSchema } from '@assay/domain';
import { toApiError } from '../../api/errors.ts';
import { restRequest } from '../../api/rest.ts';
import { showAlert } from '../alerts.ts';

export function EnterpriseRequestButton(props: { organizationId: string }) {
  const [open, setOpen] = useState(false);
  const [seats, setSeats] = useState<number | string>('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    const parsed = salesRequestSchema.safeParse({
      seats: typeof seats === 'number' ? seats : null,
      message,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setBusy(true);
    try {
      await restRequest(`/api/org/organizations/${props.organizationId}/sales-requests`, {
        method: 'POST',
        body: parsed.data,
      });
      showAlert({ message: SALES_REQUEST_MESSAGES.sent, type: 'success' });
      setOpen(false);
      setMessage('');
    } catch (failure) {
      showAlert({ message: toApiError(failure).message, type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="light" size="xs" onClick={() => setOpen(true)}>
        Contact us
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="The Enterprise plan">
        <Stack gap="sm">
          <Text size="sm">
            Single sign-on, the automation and issue-tracker integrations, the public portal and
            more members: tell us what your team needs and we will set it up with you.
          </Text>
          <NumberInput
            label="How many people"
            min={1}
            max={100000}
            value={seats}
            onChange={setSeats}
          />
          <Textarea
            label="What do you need?"
            required
            autosize
            minRows={3}
            value={message}
            error={error}
            onChange={(e) => {
              setMessage(e.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button loading={busy} onClick={() => void send()}>
              Send
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
