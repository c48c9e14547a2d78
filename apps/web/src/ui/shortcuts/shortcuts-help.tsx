/**
 * Keyboard shortcuts (issue #32): "?" shows them, "/" opens the search (as Ctrl/Cmd-K does).
 * They never fire while typing in a field (Mantine's hotkeys skip inputs, text areas and editors).
 */
import { Group, Kbd, Modal, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { search } from '../global-search/search-store.ts';
import { isTyping } from './keys.ts';
import { useWindowKeydown } from './use-window-keydown.ts';

const SHORTCUTS: { keys: string[][]; what: string }[] = [
  { keys: [['/'], ['Ctrl', 'K']], what: 'Search projects, hypotheses, evidence and experiments' },
  { keys: [['?']], what: 'Show these shortcuts' },
  { keys: [['n']], what: 'New hypothesis in the canvas section in focus (else the first)' },
  { keys: [['e']], what: 'Add evidence to the project' },
  { keys: [['↑'], ['↓'], ['←'], ['→']], what: 'Move between the cards of a board' },
  { keys: [['Enter']], what: 'Open the card in focus' },
  { keys: [['Tab'], ['Shift', 'Tab']], what: 'Move between cards and controls' },
  { keys: [['Space']], what: 'Pick up a card on the canvas; arrow keys move it, Space drops it' },
  { keys: [['Esc']], what: 'Close the card, the search or a dialog' },
];

export function ShortcutsHelp() {
  const [opened, { open, close }] = useDisclosure(false);
  // By the character typed, whatever the keyboard layout ("?" is Shift+/ on some, not others).
  useWindowKeydown((event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (isTyping(event.target)) return;
    if (event.key === '?') {
      event.preventDefault();
      open();
    } else if (event.key === '/') {
      event.preventDefault();
      search.open();
    }
  });
  return (
    <Modal opened={opened} onClose={close} title="Keyboard shortcuts" size="lg">
      <Table>
        <Table.Tbody>
          {SHORTCUTS.map((s) => (
            <Table.Tr key={s.what}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  {s.keys.map((combo, i) => (
                    <Group key={combo.join('+')} gap={2} wrap="nowrap">
                      {i > 0 ? (
                        <Text size="xs" c="dimmed" mr={4}>
                          or
                        </Text>
                      ) : null}
                      {combo.map((key) => (
                        <Kbd key={key}>{key}</Kbd>
                      ))}
                    </Group>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{s.what}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
