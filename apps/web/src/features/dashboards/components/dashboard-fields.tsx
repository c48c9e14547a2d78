/**
 * The dashboard's editable fields: a statement, an amount and a list of links, each saved as it
 * changes — or plain text for readers, who cannot change them.
 */
import { Anchor, NumberInput, Stack, TagsInput, Text, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
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
  if (!props.editable)
    return (
      <ReadOnlyField label={props.label} empty={!props.value} emptyText="Not written yet.">
        <span style={{ whiteSpace: 'pre-wrap' }}>{props.value}</span>
      </ReadOnlyField>
    );
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
  if (!props.editable)
    return (
      <ReadOnlyField label={props.label} empty={props.value === null} emptyText="Not given yet.">
        {props.value === null ? null : dollars.format(props.value)}
      </ReadOnlyField>
    );
  return (
    <NumberInput
      label={props.label}
      prefix="$"
      thousandSeparator=","
      min={0}
      value={value}
      onChange={setValue}
      onBlur={() => {
        if (value === saved) return;
        props.onSave(value === '' ? null : Number(value));
      }}
    />
  );
}

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 2,
  minimumFractionDigits: 0,
});

/** What a reader sees of a field: its label and its value as text. */
function ReadOnlyField(props: {
  label: string;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  return (
    <div data-testid="dashboard-value">
      <Text size="sm" fw={600}>
        {props.label}
      </Text>
      <Text size="sm" c={props.empty ? 'dimmed' : undefined}>
        {props.empty ? props.emptyText : props.children}
      </Text>
    </div>
  );
}

/** Links to sources: added by pasting a link and pressing Enter; a reader follows them. */
export function LinksField(props: {
  value: string[];
  editable: boolean;
  onSave: (links: string[]) => void;
}) {
  if (!props.editable)
    return (
      <ReadOnlyField label="Links" empty={props.value.length === 0} emptyText="No links yet.">
        <Stack component="span" gap={2}>
          {props.value.map((link) => (
            <Anchor key={link} href={link} target="_blank" rel="noreferrer noopener" size="sm">
              {link}
            </Anchor>
          ))}
        </Stack>
      </ReadOnlyField>
    );
  return (
    <TagsInput
      label="Links"
      placeholder="Paste a https:// link and press Enter"
      value={props.value}
      onChange={props.onSave}
    />
  );
}
