/**
 * The agent's suggested connections for a piece of evidence (#49): the hypothesis, the rating it
 * proposes, its reason, and the passage of the evidence it rests on, highlighted. The person
 * decides: accept (with the rating as proposed or changed) or dismiss.
 */
import { Blockquote, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { RATINGS } from '@assay/domain';
import type { CardGenerationView } from '../../api/generation.ts';

type Suggestion = CardGenerationView['suggestions'][number];

const RATING_OPTIONS = RATINGS.map((r) => ({ value: String(r.value), label: r.label }));

function SuggestionRow(props: {
  suggestion: Suggestion;
  decide: (id: string, accept: boolean, rating?: number | null) => void;
}) {
  const s = props.suggestion;
  const [rating, setRating] = useState<string | null>(s.rating === null ? null : String(s.rating));
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="connection-suggestion">
      <Stack gap={4}>
        <Text size="sm" fw={500} component={Link} to={s.path} lineClamp={2}>
          {s.title}
        </Text>
        {s.reason ? (
          <Text size="xs" c="dimmed">
            {s.reason}
          </Text>
        ) : null}
        {s.quote ? (
          <Blockquote p="xs" radius="sm" fz="sm" data-testid="suggestion-quote">
            <mark>{s.quote}</mark>
          </Blockquote>
        ) : null}
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Select
            size="xs"
            aria-label={`Rating for ${s.title}`}
            placeholder="Not rated"
            data={RATING_OPTIONS}
            value={rating}
            onChange={setRating}
            allowDeselect={false}
            w={190}
          />
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-xs"
              onClick={() => props.decide(s.id, true, rating === null ? null : Number(rating))}
            >
              Accept
            </Button>
            <Button size="compact-xs" variant="default" onClick={() => props.decide(s.id, false)}>
              Dismiss
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

export function ConnectionSuggestions(props: {
  suggestions: Suggestion[];
  decide: (id: string, accept: boolean, rating?: number | null) => void;
}) {
  return (
    <Stack gap={6} data-testid="connection-suggestions">
      <Text size="sm" fw={600}>
        Suggested
      </Text>
      {props.suggestions.map((s) => (
        <SuggestionRow key={s.id} suggestion={s} decide={props.decide} />
      ))}
    </Stack>
  );
}
