/** The mention suggestion list: up to five members; arrows move, Enter picks, "No result" when empty. */
import { Paper, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useImperativeHandle, useState, type Ref } from 'react';
import { MESSAGES } from '@assay/domain';
import type { Person } from '../api/card.ts';

export interface MentionListHandle {
  onKeyDown: (event: KeyboardEvent) => boolean;
}

export function MentionList(props: {
  items: Person[];
  command: (item: { id: string; label: string }) => void;
  ref?: Ref<MentionListHandle>;
}) {
  const [selected, setSelected] = useState(0);
  useEffect(() => setSelected(0), [props.items]);
  const pick = (index: number) => {
    const person = props.items[index];
    if (person)
      props.command({
        id: person.profileId,
        label: `${person.firstName} ${person.lastName}`.trim(),
      });
  };
  useImperativeHandle(props.ref, () => ({
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'ArrowDown') {
        setSelected((s) => (s + 1) % Math.max(props.items.length, 1));
        return true;
      }
      if (event.key === 'ArrowUp') {
        setSelected((s) => (s - 1 + props.items.length) % Math.max(props.items.length, 1));
        return true;
      }
      if (event.key === 'Enter') {
        pick(selected);
        return true;
      }
      return false;
    },
  }));
  return (
    <Paper shadow="md" withBorder p={4} role="listbox" aria-label="Mention suggestions" miw={180}>
      {props.items.length === 0 ? (
        <Text size="sm" c="dimmed" p={6}>
          {MESSAGES.mentionNoResult}
        </Text>
      ) : (
        props.items.map((person, index) => (
          <UnstyledButton
            key={person.profileId}
            role="option"
            aria-selected={index === selected}
            onClick={() => pick(index)}
            display="block"
            w="100%"
            p={6}
            style={{
              borderRadius: 4,
              background: index === selected ? 'var(--mantine-color-blue-light)' : undefined,
            }}
          >
            <Text size="sm">
              {person.firstName} {person.lastName}
            </Text>
          </UnstyledButton>
        ))
      )}
    </Paper>
  );
}
