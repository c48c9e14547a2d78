/** A project's custom fields: the organisation's global ones (read here), and its own to manage. */
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CUSTOM_FIELD_TYPES } from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { openConfirm } from '../../../ui/confirm.tsx';
import {
  createCustomField,
  deleteCustomField,
  reorderCustomFields,
  updateCustomField,
  useCustomFields,
  type CustomFieldView,
} from '../api/project-settings.ts';

const TYPE_LABELS: Record<string, string> = {
  text: 'Text',
  number: 'Number',
  dropdown: 'Dropdown',
  date: 'Date',
  checkbox: 'Checkbox',
};

function FieldRow(props: {
  field: CustomFieldView;
  onChange: (run: () => Promise<unknown>) => void;
  projectId: string;
  onMove?: ((by: -1 | 1) => void) | undefined;
}) {
  const { field } = props;
  const [title, setTitle] = useState(field.title);
  return (
    <Group align="flex-end" wrap="nowrap" data-testid="custom-field">
      <TextInput
        label="Title"
        value={title}
        disabled={field.global}
        maxLength={100}
        onChange={(e) => setTitle(e.currentTarget.value)}
        onBlur={() =>
          title.trim() &&
          title !== field.title &&
          props.onChange(() =>
            updateCustomField(props.projectId, field.id, { title: title.trim() }),
          )
        }
        style={{ flex: 1 }}
      />
      <Badge variant="light" mb={8}>
        {TYPE_LABELS[field.type]}
      </Badge>
      {field.type === 'dropdown' ? (
        <TagsInput
          label="Options"
          disabled={field.global}
          value={field.specifications.options}
          onChange={(options) =>
            props.onChange(() => updateCustomField(props.projectId, field.id, { options }))
          }
          style={{ flex: 1 }}
        />
      ) : null}
      {field.global ? (
        <Text size="xs" c="dimmed" mb={10}>
          Organization field
        </Text>
      ) : (
        <>
          <Switch
            mb={8}
            label="On"
            checked={!field.disabled}
            onChange={(e) => {
              const disabled = !e.currentTarget.checked;
              props.onChange(() => updateCustomField(props.projectId, field.id, { disabled }));
            }}
          />
          <ActionIcon
            variant="subtle"
            mb={6}
            aria-label={`Move ${field.title} up`}
            onClick={() => props.onMove?.(-1)}
          >
            ↑
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            mb={6}
            aria-label={`Move ${field.title} down`}
            onClick={() => props.onMove?.(1)}
          >
            ↓
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            mb={6}
            aria-label={`Delete ${field.title}`}
            onClick={() =>
              openConfirm({
                title: 'Delete field',
                message: `Delete "${field.title}"? Its values on cards are removed too.`,
                confirmLabel: 'Delete',
                danger: true,
                onConfirm: () => props.onChange(() => deleteCustomField(props.projectId, field.id)),
              })
            }
          >
            ×
          </ActionIcon>
        </>
      )}
    </Group>
  );
}

export function CustomFieldsCard(props: { projectId: string }) {
  const queryClient = useQueryClient();
  const fields = useCustomFields(props.projectId);
  const [title, setTitle] = useState('');
  const [type, setType] = useState<string>('text');
  const [options, setOptions] = useState<string[]>([]);
  const change = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['projects', props.projectId] }),
    onError: (error) => showAlert({ type: 'warning', message: toApiError(error).message }),
  });
  const own = (fields.data ?? []).filter((f) => !f.global);
  const move = (id: string, by: -1 | 1) => {
    const ids = own.map((f) => f.id);
    const from = ids.indexOf(id);
    const to = from + by;
    if (to < 0 || to >= ids.length) return;
    ids.splice(from, 1);
    ids.splice(to, 0, id);
    change.mutate(() => reorderCustomFields(props.projectId, ids));
  };
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={3}>Custom fields</Title>
        <Text size="sm" c="dimmed">
          Fields every card of this project can fill in. Organization fields come from the workspace
          settings.
        </Text>
        {(fields.data ?? []).map((field) => (
          <FieldRow
            key={`${field.id}-${field.title}`}
            field={field}
            projectId={props.projectId}
            onChange={(run) => change.mutate(run)}
            onMove={field.global ? undefined : (by) => move(field.id, by)}
          />
        ))}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!title.trim()) return;
            change.mutate(
              () => createCustomField(props.projectId, { title: title.trim(), type, options }),
              {
                onSuccess: () => {
                  setTitle('');
                  setOptions([]);
                },
              },
            );
          }}
        >
          <Group align="flex-end">
            <TextInput
              label="New field"
              value={title}
              maxLength={100}
              onChange={(e) => setTitle(e.currentTarget.value)}
            />
            <Select
              label="Type"
              w={140}
              allowDeselect={false}
              data={CUSTOM_FIELD_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] ?? t }))}
              value={type}
              onChange={(v) => setType(v ?? 'text')}
            />
            {type === 'dropdown' ? (
              <TagsInput
                label="Options"
                value={options}
                onChange={setOptions}
                style={{ flex: 1 }}
              />
            ) : null}
            <Button type="submit" disabled={!title.trim()} loading={change.isPending}>
              Add field
            </Button>
          </Group>
        </form>
      </Stack>
    </Card>
  );
}
