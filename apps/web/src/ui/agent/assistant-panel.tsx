/**
 * The assistant panel: a chat with the project's agent, which answers from the project's own
 * cards and cites the ones it used. The conversation is kept in session storage per project.
 */
import {
  Anchor,
  Button,
  Drawer,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toApiError } from '../../api/errors.ts';
import { askAssistant, type AssistantReply } from '../../api/generation.ts';

interface Message {
  role: 'person' | 'agent';
  text: string;
  citations?: AssistantReply['citations'];
  fellBack?: boolean;
}

const storageKey = (projectId: string) => `assistant-${projectId}`;

function load(projectId: string): Message[] {
  const raw = sessionStorage.getItem(storageKey(projectId));
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    return Array.isArray(parsed) ? (parsed as Message[]) : [];
  } catch {
    // Stored session data that fails to parse is removed and treated as empty.
    sessionStorage.removeItem(storageKey(projectId));
    return [];
  }
}

export function AssistantPanel(props: { projectId: string; opened: boolean; onClose: () => void }) {
  const [messages, setMessages] = useState<Message[]>(() => load(props.projectId));
  const [question, setQuestion] = useState('');
  useEffect(() => setMessages(load(props.projectId)), [props.projectId]);
  useEffect(() => {
    sessionStorage.setItem(storageKey(props.projectId), JSON.stringify(messages.slice(-40)));
  }, [messages, props.projectId]);
  const ask = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: (q: string) => askAssistant(props.projectId, q),
    onSuccess: (reply) =>
      setMessages((m) => [
        ...m,
        { role: 'agent', text: reply.answer, citations: reply.citations, fellBack: reply.fellBack },
      ]),
    onError: (error) =>
      setMessages((m) => [...m, { role: 'agent', text: toApiError(error).message }]),
  });
  const send = () => {
    const q = question.trim();
    if (q.length < 2 || ask.isPending) return;
    setMessages((m) => [...m, { role: 'person', text: q }]);
    setQuestion('');
    ask.mutate(q);
  };
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      position="right"
      size="md"
      title="Ask the project's agent"
    >
      <Stack gap="sm" h="calc(100vh - 100px)">
        <Text size="xs" c="dimmed">
          The agent answers from this project&apos;s hypotheses, evidence and experiments, and names
          the cards it used.
        </Text>
        <ScrollArea style={{ flex: 1 }} data-testid="assistant-messages">
          <Stack gap="xs">
            {messages.map((m, i) => (
              <Paper
                key={i}
                p="xs"
                radius="md"
                bg={
                  m.role === 'person'
                    ? 'var(--mantine-color-blue-light)'
                    : 'light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-6))'
                }
                ml={m.role === 'person' ? 'xl' : 0}
                mr={m.role === 'agent' ? 'xl' : 0}
                data-role={m.role}
              >
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {m.text}
                </Text>
                {m.citations?.length ? (
                  <Stack gap={2} mt={6}>
                    <Text size="xs" c="dimmed">
                      Cards used:
                    </Text>
                    {m.citations.map((c) => (
                      <Anchor key={c.cardId} component={Link} to={c.path} size="xs">
                        {c.title}
                      </Anchor>
                    ))}
                  </Stack>
                ) : null}
              </Paper>
            ))}
            {ask.isPending ? (
              <Text size="sm" c="dimmed">
                Reading the project…
              </Text>
            ) : null}
          </Stack>
        </ScrollArea>
        <Textarea
          aria-label="Your question"
          placeholder="e.g. What have customers said about price?"
          autosize
          minRows={2}
          maxLength={2000}
          value={question}
          onChange={(e) => setQuestion(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              send();
            }
          }}
        />
        <Group justify="space-between">
          <Button
            variant="subtle"
            size="xs"
            onClick={() => setMessages([])}
            disabled={!messages.length}
          >
            Clear
          </Button>
          <Button onClick={send} loading={ask.isPending} disabled={question.trim().length < 2}>
            Ask
          </Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
