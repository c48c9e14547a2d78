/** AI evidence: paste interview notes or a transcript; the agent drafts an evidence card with key insights. */
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { toApiError } from '../../api/errors.ts';
import { generateEvidence } from '../../api/generation.ts';

export function AiEvidenceModal(props: {
  projectId: string;
  opened: boolean;
  onClose: () => void;
  onCreated: (cardId: string) => void;
}) {
  const form = useForm({
    initialValues: { title: '', notes: '' },
    validate: {
      notes: (v) =>
        v.trim().length < 20
          ? 'Paste the notes or transcript to draw key insights from (at least 20 characters).'
          : null,
    },
  });
  const create = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: (v: { title: string; notes: string }) =>
      generateEvidence(props.projectId, v.title, v.notes),
    onSuccess: (made) => {
      form.reset();
      props.onClose();
      props.onCreated(made.cardId);
    },
    onError: (error) => form.setFieldError('notes', toApiError(error).message),
  });
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title="Evidence from notes"
      size="lg"
      centered
    >
      <form onSubmit={form.onSubmit((v) => create.mutate(v))} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Paste what you heard or saw. The agent keeps your notes on a draft evidence card and
            picks the key insights from them, in the words used; you review and publish it.
          </Text>
          <TextInput label="Title (optional)" maxLength={300} {...form.getInputProps('title')} />
          <Textarea
            label="Notes or transcript"
            autosize
            minRows={6}
            maxRows={16}
            maxLength={29900}
            required
            {...form.getInputProps('notes')}
          />
          <Group justify="end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Draft the evidence
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
