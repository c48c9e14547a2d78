/** The dashboard's editable fields: a statement and an amount, each saved as it changes. */
import { NumberInput, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { storeDashboard, type ProjectDashboard } from '../api/dashboard.ts';

export function useSave(projectId: string) {
  const queryClient = useQueryClient();
  return (run: () => Promise<ProjectDashboard>) =>
    run()
      .then((data) => storeDashboard(queryClient, data))
      .catch((error: unknown) => {
        showAlert({ type: 'warning', message: toApiError(error).message });
        // What was saved before stays; the screen shows it again.
        void queryClient.invalidateQueries({ queryKey: ['dashboard', projectId] });
      });
}

/** A text that saves when the person leaves it, or plain text for readers. */
export function StatementField(props: {
  label: string;
  value: string;
  editable: boolean;
  onSave: (value: string) => void;
}) {
  const [value, setValue] = useState(props.value);
  useEffect(() => setValue(props.value), [props.value]);
  if (!props.editable) {
    return (
      <div>
        <Text size="sm" fw={600}>
          {props.label}
        </Text>
        <Text size="sm" c={props.value ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
          {props.value || 'Not written yet.'}
        </Text>
      </div>
    );
  }
  return (
    <Textarea
      label={props.label}
      autosize
      minRows={2}
      value={value}
      onChange={(e) => setValue(e.currentTarget.value)}
      onBlur={() => value !== props.value && props.onSave(value)}
    />
  );
}

export function MoneyField(props: {
  label: string;
  value: number | null;
  editable: boolean;
  onSave: (value: number | null) => void;
}) {
  const [value, setValue] = useState<string | number>(props.value ?? '');
  useEffect(() => setValue(props.value ?? ''), [props.value]);
  const saved = props.value ?? '';
  return (
    <NumberInput
      label={props.label}
      prefix="$"
      thousandSeparator=","
      min={0}
      readOnly={!props.editable}
      value={value}
      onChange={setValue}
      onBlur={() => {
        if (value === saved) return;
        props.onSave(value === '' ? null : Number(value));
      }}
    />
  );
}
