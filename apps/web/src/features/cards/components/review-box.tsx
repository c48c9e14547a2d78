/**
 * A cohort team's hypothesis and its reviewers (issue #24): ask the cohort's instructors and
 * mentors to review it, see that it waits, withdraw, and read their decision.
 */
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { REVIEW_STATE_LABELS } from '@assay/domain';
import { updateHypothesis, type CardDetail } from '../api/card.ts';
import { useCardWriter } from '../hooks/use-card-writer.ts';

const COLORS = { none: 'gray', ready: 'blue', approved: 'green', changesRequested: 'orange' };

export function ReviewBox(props: { card: CardDetail }) {
  const { card } = props;
  const { write } = useCardWriter(card.id);
  const review = card.hypothesis?.review;
  if (!review || card.draft) return null;
  const ask = (reviewRequested: boolean) =>
    void write((c) => updateHypothesis(c, { reviewRequested }), {
      optimistic: (c) => ({
        ...c,
        hypothesis: c.hypothesis
          ? {
              ...c.hypothesis,
              review: { ...review, state: reviewRequested ? 'ready' : 'none' },
            }
          : null,
      }),
    }).catch(() => undefined);
  return (
    <Stack gap={6} data-testid="review-box">
      <Group gap="xs">
        <Text size="sm" fw={500}>
          Review
        </Text>
        <Badge color={COLORS[review.state]} variant="light" data-testid="review-state">
          {REVIEW_STATE_LABELS[review.state]}
        </Badge>
        {card.abilities.edit ? (
          review.state === 'ready' ? (
            <Button size="compact-xs" variant="subtle" onClick={() => ask(false)}>
              Withdraw
            </Button>
          ) : (
            <Button size="compact-xs" variant="light" onClick={() => ask(true)}>
              {review.state === 'none' ? 'Ask for a review' : 'Ask again'}
            </Button>
          )
        ) : null}
      </Group>
      {review.state === 'approved' || review.state === 'changesRequested' ? (
        <Alert
          color={COLORS[review.state]}
          variant="light"
          title={`${REVIEW_STATE_LABELS[review.state]}${review.reviewedBy ? ` by ${review.reviewedBy.firstName} ${review.reviewedBy.lastName}` : ''}`}
        >
          {review.note || 'No note.'}
        </Alert>
      ) : null}
    </Stack>
  );
}
