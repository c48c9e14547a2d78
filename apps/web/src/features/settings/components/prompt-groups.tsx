/** The agent's prompt groups for one scope (projects or the portfolio): edit, add, remove, save. */
import {
  ActionIcon,
  Button,
  Card,
  Group,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import type { PromptGroup } from '../api/workspace-settings.ts';

const newId = () => crypto.randomUUID();

export function PromptGroupsEditor(props: {
  label: string;
  groups: PromptGroup[];
  saving: boolean;
  onSave: (groups: PromptGroup[]) => void;
}) {
  const [groups, setGroups] = useState(props.groups);
  useEffect(() => setGroups(props.groups), [props.groups]);
  const patchGroup = (index: number, change: Partial<PromptGroup>) =>
    setGroups((all) => all.map((g, i) => (i === index ? { ...g, ...change } : g)));
  const patchPrompt = (
    group: number,
    index: number,
    change: Partial<PromptGroup['prompts'][number]>,
  ) =>
    setGroups((all) =>
      all.map((g, i) =>
        i === group
          ? { ...g, prompts: g.prompts.map((p, j) => (j === index ? { ...p, ...change } : p)) }
          : g,
      ),
    );
  const valid = groups.every(
    (g) => g.title.trim() && g.prompts.every((p) => p.title.trim() && p.prompt.trim()),
  );
  return (
    <Stack gap="xs" aria-label={props.label} role="group">
      <Text fw={600} size="sm">
        {props.label}
      </Text>
      {groups.length === 0 ? (
        <Text size="sm" c="dimmed">
          No prompt groups yet.
        </Text>
      ) : null}
      {groups.map((group, gi) => (
        <Card key={group.id} withBorder padding="sm" data-testid="prompt-group">
          <Stack gap="xs">
            <Group align="flex-end">
              <TextInput
                label="Group"
                value={group.title}
                maxLength={200}
                onChange={(e) => patchGroup(gi, { title: e.currentTarget.value })}
                style={{ flex: 1 }}
              />
              <Switch
                mb={8}
                label="On"
                checked={group.enabled}
                onChange={(e) => patchGroup(gi, { enabled: e.currentTarget.checked })}
              />
              <ActionIcon
                mb={6}
                variant="subtle"
                color="red"
                aria-label={`Remove group ${group.title}`}
                onClick={() => setGroups((all) => all.filter((_, i) => i !== gi))}
              >
                ×
              </ActionIcon>
            </Group>
            {group.prompts.map((prompt, pi) => (
              <Group key={prompt.id} align="flex-start" wrap="nowrap">
                <TextInput
                  label="Prompt title"
                  value={prompt.title}
                  maxLength={200}
                  onChange={(e) => patchPrompt(gi, pi, { title: e.currentTarget.value })}
                  w={200}
                />
                <Textarea
                  label="Prompt"
                  autosize
                  minRows={2}
                  maxLength={4000}
                  value={prompt.prompt}
                  onChange={(e) => patchPrompt(gi, pi, { prompt: e.currentTarget.value })}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  mt={28}
                  variant="subtle"
                  color="red"
                  aria-label={`Remove prompt ${prompt.title}`}
                  onClick={() =>
                    patchGroup(gi, { prompts: group.prompts.filter((_, j) => j !== pi) })
                  }
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
            <Button
              size="xs"
              variant="subtle"
              w="fit-content"
              onClick={() =>
                patchGroup(gi, {
                  prompts: [...group.prompts, { id: newId(), title: '', prompt: '' }],
                })
              }
            >
              Add prompt
            </Button>
          </Stack>
        </Card>
      ))}
      <Group>
        <Button
          size="xs"
          variant="default"
          onClick={() =>
            setGroups((all) => [
              ...all,
              { id: newId(), defaultKey: null, title: '', enabled: true, prompts: [] },
            ])
          }
        >
          Add group
        </Button>
        <Button
          size="xs"
          disabled={!valid}
          loading={props.saving}
          onClick={() => props.onSave(groups)}
        >
          Save prompts
        </Button>
      </Group>
      {!valid ? (
        <Text size="xs" c="dimmed">
          Every group and prompt needs a title, and every prompt its text.
        </Text>
      ) : null}
    </Stack>
  );
}
