/** A small modal that asks for a name. */
import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';

export function RenameModal(props: {
  opened: boolean;
  title: string;
  initial: string;
  label?: string;
  resetLabel?: string;
  onClose: () => void;
  onSave: (name: string) => void;
  onReset?: () => void;
}) {
  const [name, setName] = useState(props.initial);
  useEffect(() => setName(props.initial), [props.initial, props.opened]);
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim()) props.onSave(name.trim());
        }}
      >
        <TextInput
          label={props.label ?? 'Name'}
          value={name}
          maxLength={100}
          data-autofocus
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Group justify="flex-end" mt="md">
          {props.onReset ? (
            <Button variant="subtle" onClick={props.onReset}>
              {props.resetLabel ?? 'Reset'}
            </Button>
          ) : null}
          <Button type="submit" disabled={!name.trim()}>
            Save
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
