/**
 * A card's comments: the thread, a composer with @mention suggestions (up to 5, "No result" when
 * none match), likes, and editing or deleting one's own. Text empty after trimming is not sent.
 */
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  UnstyledButton,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { cleanCommentBody, LIMITS, MESSAGES } from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { fetchMentionSuggestions, type CardDetail, type Person } from '../api/card.ts';
import {
  addComment,
  commentsKey,
  deleteComment,
  likeComment,
  updateComment,
  useComments,
  type Comment,
} from '../api/comments.ts';

const nameOf = (p: Person | null) => (p ? `${p.firstName} ${p.lastName}`.trim() : 'Someone');

/** The "@query" being typed at the end of the text, if any. */
function mentionQuery(text: string): string | null {
  const match = /(^|\s)@([\p{L}\p{N}._-]{0,30})$/u.exec(text);
  return match ? (match[2] ?? '') : null;
}

function Composer(props: { card: CardDetail; onSent: () => void }) {
  const [text, setText] = useState('');
  const [mentions, setMentions] = useState<{ id: string; name: string }[]>([]);
  const [sending, setSending] = useState(false);
  const query = mentionQuery(text);
  const suggestions = useQuery({
    queryKey: ['mention-suggestions', props.card.projectId, query],
    queryFn: () => fetchMentionSuggestions(props.card.projectId, query ?? ''),
    enabled: query !== null,
  });
  const pick = (person: Person) => {
    const name = nameOf(person);
    setText((t) => t.replace(/@([\p{L}\p{N}._-]{0,30})$/u, `@${name} `));
    setMentions((m) => [
      ...m.filter((x) => x.id !== person.profileId),
      { id: person.profileId, name },
    ]);
  };
  const send = () => {
    if (!cleanCommentBody(text)) return;
    // Only people still named in the text are mentioned.
    const ids = mentions.filter((m) => text.includes(`@${m.name}`)).map((m) => m.id);
    setSending(true);
    void addComment(props.card.id, text, ids)
      .then(() => {
        setText('');
        setMentions([]);
        props.onSent();
      })
      .catch((error: unknown) => showAlert({ type: 'warning', message: toApiError(error).message }))
      .finally(() => setSending(false));
  };
  return (
    <Stack gap={4}>
      <Textarea
        aria-label="Write a comment"
        placeholder="Write a comment. Type @ to mention someone."
        autosize
        minRows={2}
        maxLength={LIMITS.textFieldMax}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) send();
        }}
      />
      {query !== null ? (
        <Paper withBorder p={4} role="listbox" aria-label="Mention suggestions">
          {suggestions.data && suggestions.data.length === 0 ? (
            <Text size="sm" c="dimmed" px={6}>
              {MESSAGES.mentionNoResult}
            </Text>
          ) : (
            (suggestions.data ?? []).map((p) => (
              <UnstyledButton
                key={p.profileId}
                role="option"
                display="block"
                px={6}
                py={2}
                onClick={() => pick(p)}
              >
                <Text size="sm">{nameOf(p)}</Text>
              </UnstyledButton>
            ))
          )}
        </Paper>
      ) : null}
      <Group justify="flex-end">
        <Button size="xs" onClick={send} loading={sending} disabled={!cleanCommentBody(text)}>
          Comment
        </Button>
      </Group>
    </Stack>
  );
}

function CommentItem(props: { comment: Comment; canComment: boolean; onChanged: () => void }) {
  const { comment } = props;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.body);
  const run = (work: () => Promise<unknown>) =>
    void work()
      .then(props.onChanged)
      .catch((error: unknown) =>
        showAlert({ type: 'warning', message: toApiError(error).message }),
      );
  return (
    <Paper withBorder radius="sm" p="xs" data-testid="comment">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="xs" fw={600}>
          {nameOf(comment.owner)}
          <Text span size="xs" c="dimmed" fw={400}>
            {' · '}
            {new Date(comment.createdAt).toLocaleString()}
          </Text>
        </Text>
        <Group gap={2} wrap="nowrap">
          {props.canComment ? (
            <Button
              size="compact-xs"
              variant={comment.likedByMe ? 'light' : 'subtle'}
              aria-pressed={comment.likedByMe}
              title={comment.likedByProfiles.map(nameOf).join(', ') || undefined}
              onClick={() => run(() => likeComment(comment.id, !comment.likedByMe))}
            >
              ♥ {comment.likeCount}
            </Button>
          ) : (
            <Text size="xs" c="dimmed">
              ♥ {comment.likeCount}
            </Text>
          )}
          {comment.abilities.edit ? (
            <>
              <ActionIcon
                size="sm"
                variant="subtle"
                aria-label="Edit comment"
                onClick={() => {
                  setDraft(comment.body);
                  setEditing(true);
                }}
              >
                ✎
              </ActionIcon>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="red"
                aria-label="Delete comment"
                onClick={() => run(() => deleteComment(comment.id))}
              >
                ×
              </ActionIcon>
            </>
          ) : null}
        </Group>
      </Group>
      {editing ? (
        <Stack gap={4} mt={4}>
          <Textarea
            aria-label="Edit the comment"
            autosize
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
          />
          <Group justify="flex-end" gap="xs">
            <Button size="compact-xs" variant="default" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button
              size="compact-xs"
              onClick={() => {
                setEditing(false);
                run(() => updateComment(comment.id, draft, comment.mentions));
              }}
            >
              Save
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
          {comment.body}
        </Text>
      )}
    </Paper>
  );
}

export function CommentsSection(props: {
  card: CardDetail;
  /** A link asked for the comments (part 2 §2): bring them into view, ready to write. */
  focus?: boolean;
}) {
  const queryClient = useQueryClient();
  const comments = useComments(props.card.id);
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: commentsKey(props.card.id) });
  const list = comments.data ?? [];
  const section = useRef<HTMLDivElement>(null);
  const loaded = comments.isSuccess;
  useEffect(() => {
    if (!props.focus || !loaded || !section.current) return;
    section.current.scrollIntoView({ block: 'center' });
    section.current.querySelector<HTMLTextAreaElement>('textarea')?.focus({ preventScroll: true });
  }, [props.focus, loaded]);
  return (
    <Stack gap="xs" data-testid="comments" ref={section}>
      <Text fw={600} size="sm">
        Comments ({list.length})
      </Text>
      {list.map((c) => (
        <CommentItem
          key={c.id}
          comment={c}
          canComment={props.card.abilities.comment}
          onChanged={refresh}
        />
      ))}
      {props.card.abilities.comment ? <Composer card={props.card} onSent={refresh} /> : null}
    </Stack>
  );
}
