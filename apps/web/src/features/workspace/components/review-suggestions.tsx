/**
 * The project's review list (#49 item 5): "Read new evidence" has the agent read every evidence
 * card it has not read yet, as a job with progress; what it suggests is one list, evidence ×
 * hypothesis, each with its rating, reason and quote. From the keyboard: ↑/↓ (or k/j) move,
 * a accepts with the rating shown, d dismisses, 1–5 set the rating (Disconfirming … Confirming).
 */
import { Badge, Blockquote, Button, Drawer, Group, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { RATINGS } from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import {
  decideSuggestion,
  projectSuggestionsKey,
  readNewEvidence,
  useGeneration,
  useProjectSuggestions,
  type ProjectSuggestion,
} from '../../../api/generation.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { GenerationProgress } from '../../../ui/agent/generation-progress.tsx';

const readText = (n: number) =>
  n === 0 ? 'No new evidence to read.' : `Read ${n} ${n === 1 ? 'piece' : 'pieces'} of evidence.`;

const label = (rating: number | null) =>
  RATINGS.find((r) => r.value === rating)?.label ?? 'Not rated';

function Row(props: {
  s: ProjectSuggestion;
  rating: number | null;
  active: boolean;
  onFocus: () => void;
  decide: (accept: boolean) => void;
}) {
  const { s } = props;
  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      tabIndex={-1}
      onFocus={props.onFocus}
      data-testid="review-suggestion"
      data-active={props.active || undefined}
      aria-current={props.active || undefined}
      style={props.active ? { outline: '2px solid var(--mantine-color-blue-filled)' } : undefined}
    >
      <Stack gap={4}>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {s.evidenceTitle}
        </Text>
        <Text size="sm" fw={500} lineClamp={2} data-testid="review-hypothesis">
          {s.hypothesisTitle}
        </Text>
        {s.reason ? (
          <Text size="xs" c="dimmed">
            {s.reason}
          </Text>
        ) : null}
        {s.quote ? (
          <Blockquote p="xs" radius="sm" fz="sm">
            <mark>{s.quote}</mark>
          </Blockquote>
        ) : null}
        <Group justify="space-between" wrap="nowrap">
          <Badge variant="light" data-testid="review-rating">
            {label(props.rating)}
          </Badge>
          <Group gap={4} wrap="nowrap">
            <Button size="compact-xs" onClick={() => props.decide(true)}>
              Accept
            </Button>
            <Button size="compact-xs" variant="default" onClick={() => props.decide(false)}>
              Dismiss
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

export function ReviewSuggestionsPanel(props: {
  projectId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const list = useProjectSuggestions(props.projectId, props.opened);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useGeneration(jobId);
  const [active, setActive] = useState(0);
  const [ratings, setRatings] = useState<Record<string, number | null>>({});
  const listRef = useRef<HTMLDivElement>(null);
  const items = list.data ?? [];
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: projectSuggestionsKey(props.projectId) });

  // The job done, the list is read again; it says it is done once that list is in.
  const finished = job.data?.status === 'success' || job.data?.status === 'fail';
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    if (finished && jobId) void refresh().then(() => setSettled(jobId));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished, jobId]);

  const ratingOf = (s: ProjectSuggestion) => (s.id in ratings ? ratings[s.id]! : s.rating);
  const decide = (s: ProjectSuggestion, accept: boolean) =>
    void decideSuggestion(s.id, accept, accept ? ratingOf(s) : undefined)
      .then(refresh)
      .catch((error: unknown) =>
        showAlert({ type: 'warning', message: toApiError(error).message }),
      );

  const onKeyDown = (event: React.KeyboardEvent) => {
    const current = items[Math.min(active, items.length - 1)];
    if (!current) return;
    const key = event.key;
    if (key === 'ArrowDown' || key === 'j') setActive((i) => Math.min(i + 1, items.length - 1));
    else if (key === 'ArrowUp' || key === 'k') setActive((i) => Math.max(i - 1, 0));
    else if (key === 'a') decide(current, true);
    else if (key === 'd') decide(current, false);
    else if (/^[1-5]$/.test(key)) setRatings((r) => ({ ...r, [current.id]: Number(key) - 3 }));
    else return;
    event.preventDefault();
  };
  useEffect(() => {
    if (active >= items.length && items.length > 0) setActive(items.length - 1);
  }, [items.length, active]);

  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      position="right"
      size="lg"
      title="Review the evidence"
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            The agent reads the evidence it has not read yet and suggests what it says about each
            hypothesis. You decide.
          </Text>
          <Button
            size="xs"
            loading={Boolean(job.data && !finished)}
            onClick={() =>
              void readNewEvidence(props.projectId)
                .then((g) => setJobId(g.id))
                .catch((error: unknown) =>
                  showAlert({ type: 'warning', message: toApiError(error).message }),
                )
            }
          >
            Read new evidence
          </Button>
        </Group>
        {job.data && !finished ? (
          <Stack gap={2} data-testid="read-evidence-progress">
            <GenerationProgress generation={job.data} />
            {typeof job.data.parts?.read === 'string' ? (
              <Text size="xs" c="dimmed">
                Evidence read: {job.data.parts.read}
              </Text>
            ) : null}
          </Stack>
        ) : null}
        {job.data?.status === 'success' && settled === jobId ? (
          <Text size="sm" data-testid="read-evidence-done">
            {readText((job.data.result as { read?: number } | null)?.read ?? 0)}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          Keys: ↑ ↓ to move, a to accept, d to dismiss, 1–5 to set the rating.
        </Text>
        {items.length === 0 && !list.isLoading ? (
          <Text size="sm" c="dimmed" data-testid="review-empty">
            Nothing to review.
          </Text>
        ) : null}
        <Stack
          gap="xs"
          ref={listRef}
          tabIndex={0}
          role="listbox"
          aria-label="Suggestions to review"
          aria-activedescendant={items[active] ? `review-${items[active].id}` : undefined}
          onKeyDown={onKeyDown}
          data-testid="review-list"
        >
          {items.map((s, i) => (
            <div key={s.id} id={`review-${s.id}`} role="option" aria-selected={i === active}>
              <Row
                s={s}
                rating={ratingOf(s)}
                active={i === active}
                onFocus={() => setActive(i)}
                decide={(accept) => decide(s, accept)}
              />
            </div>
          ))}
        </Stack>
      </Stack>
    </Drawer>
  );
}
