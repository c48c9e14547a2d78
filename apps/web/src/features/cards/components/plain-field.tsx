/** A plain text field that saves itself 700 ms after typing stops, with its counter. */
import { Group, Textarea, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { LIMITS, TIMERS } from '@assay/domain';
import { useAutosave } from '../hooks/use-autosave.ts';
import { CharCounter } from './char-counter.tsx';
import { SaveStatusMark } from './save-status.tsx';

export function PlainField(props: {
  label: string;
  /** How the limit message names the field: "The {title} must be less than…". */
  title: string;
  value: string;
  max: number;
  multiline?: boolean;
  disabled?: boolean;
  placeholder?: string;
  autoFocus?: boolean;
  onSave: (value: string) => Promise<unknown>;
}) {
  const [value, setValue] = useState(props.value);
  const focused = useRef(false);
  const { status, change, flush } = useAutosave<string>({
    delay: TIMERS.textAutosaveMs,
    save: props.onSave,
    canSave: (v) => v.length <= props.max,
  });
  // Someone else's change shows unless the person is typing here.
  useEffect(() => {
    if (!focused.current) setValue(props.value);
  }, [props.value]);

  const common = {
    label: (
      <Group gap={6} component="span">
        {props.label}
        <SaveStatusMark status={status} />
      </Group>
    ),
    value,
    disabled: props.disabled,
    placeholder: props.placeholder,
    autoFocus: props.autoFocus,
    error: value.length > props.max ? ' ' : undefined,
    onFocus: () => {
      focused.current = true;
    },
    onBlur: () => {
      focused.current = false;
      void flush();
    },
    onChange: (event: { currentTarget: { value: string } }) => {
      setValue(event.currentTarget.value);
      change(event.currentTarget.value);
    },
    'aria-label': props.label,
  };
  return (
    <div>
      {props.multiline ? (
        <Textarea autosize minRows={2} maxRows={8} {...common} />
      ) : (
        <TextInput {...common} />
      )}
      <CharCounter
        length={value.length}
        max={props.max}
        showAt={LIMITS.textCounterAt}
        title={props.title}
      />
    </div>
  );
}
