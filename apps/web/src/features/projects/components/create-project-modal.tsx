/** New project: a name (required, sanitised, 50 characters) and a description. */
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ERRORS,
  LIMITS,
  MESSAGES,
  sanitizeName,
  VALIDATION_MESSAGES,
  type Terms,
} from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { requestOwnerApproval } from '../../../api/owner-approval.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { openLimitDialog } from '../../../ui/limit-dialog.tsx';
import { createProject } from '../api/projects.ts';

export function CreateProjectModal(props: {
  opened: boolean;
  onClose: () => void;
  terms: Terms;
  isOwner: boolean;
}) {
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { name: '', description: '' },
    validate: { name: (v) => (sanitizeName(v) ? null : VALIDATION_MESSAGES.projectNameRequired) },
  });
  const create = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: (values: { name: string; description: string }) => createProject(values),
    onSuccess: async (project) => {
      showAlert({ message: `${project.name} is ready`, type: 'success' });
      form.reset();
      props.onClose();
      await queryClient.invalidateQueries({ queryKey: ['projects'] });
      await queryClient.invalidateQueries({ queryKey: ['side-navigation'] });
    },
    onError: (error) => {
      const apiError = toApiError(error);
      if (apiError.message === ERRORS.projectAllocationExceeded.message) {
        props.onClose();
        openLimitDialog({
          title: MESSAGES.projectLimitTitle,
          message: `Your plan allows a set number of new ${props.terms.projects.toLowerCase()} each month, and this month's are used. ${props.isOwner ? 'Contact us to change your plan.' : 'An owner can change the plan.'}`,
          isOwner: props.isOwner,
          askOwners: () =>
            requestOwnerApproval(`More ${props.terms.projects.toLowerCase()}`, apiError.message),
        });
        return;
      }
      form.setFieldError('name', apiError.message);
    },
  });
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={`New ${props.terms.project.toLowerCase()}`}
      centered
    >
      <form onSubmit={form.onSubmit((values) => create.mutate(values))} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            maxLength={LIMITS.nameMax}
            required
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Textarea
            label="Description"
            autosize
            minRows={3}
            maxLength={LIMITS.textFieldMax}
            {...form.getInputProps('description')}
          />
          <Group justify="end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
