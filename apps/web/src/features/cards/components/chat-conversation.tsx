/** A customer-chat card: the conversation's parts with their authors and attachments. */
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import type { ChatPart } from '../api/card.ts';

const TEAM_AUTHORS = new Set(['admin', 'bot', 'team']);

export function ChatConversation(props: { parts: ChatPart[]; url: string | null }) {
  return (
    <Stack gap={6} role="log" aria-label="Conversation">
      {props.parts.map((part, index) => {
        const fromTeam = TEAM_AUTHORS.has(part.authorType);
        return (
          <Group key={`${part.createdAt}-${index}`} justify={fromTeam ? 'flex-end' : 'flex-start'}>
            <Paper
              withBorder
              radius="md"
              p="xs"
              maw="80%"
              bg={fromTeam ? 'var(--mantine-color-blue-light)' : undefined}
              data-testid="chat-part"
            >
              <Text size="xs" c="dimmed">
                {part.authorName} · {new Date(part.createdAt).toLocaleString()}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {part.body}
              </Text>
              {part.attachments.map((attachment) => (
                <Anchor
                  key={attachment.url}
                  href={attachment.url}
                  target="_blank"
                  rel="noreferrer"
                  size="xs"
                  display="block"
                >
                  {attachment.name}
                </Anchor>
              ))}
            </Paper>
          </Group>
        );
      })}
      {props.url ? (
        <Anchor href={props.url} target="_blank" rel="noreferrer" size="xs">
          Open in the chat tool
        </Anchor>
      ) : null}
    </Stack>
  );
}
