/**
 * The agent's suggested connections for a piece of evidence (#49): the hypothesis, the rating it
 * proposes, its reason, and the passage of the evidence it rests on, highlighted. The person
 * decides: accept (with the rating as proposed or changed) or dismiss.
 */
import { Blockquote, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { RATINGS } from '@assay/domain';
import { cardLinksKey } from '../../api/connections.ts';
import { toApiError } from '../../api/errors.ts';
import { decideSuggestion, generationKeys, type CardGenerationView } from '../../api/generation.ts';
import { cardViewKeys, queryKeys } from '../../api/query-keys.ts';
import { showAlert } from '../alerts.ts';

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
          // The quote marked within the evidence's own words around it (#49 item 4).
          <Blockquote p="xs" radius="sm" fz="sm" data-testid="suggestion-quote">
            {s.before ? (
              <Text span c="dimmed" inherit>
                {s.before}
              </Text>
            ) : null}
            <mark>{s.quote}</mark>
            {s.after ? (
              <Text span c="dimmed" inherit>
                {s.after}
              </Text>
            ) : null}
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

/**
 * Accepts (with a rating) or dismisses one of an evidence card's suggestions, then re-reads what
 * it moves: the suggestions, the card, its links in connect mode, and the boards' counts and
 * confidence. A refusal (someone else decided first, say) is shown as a warning.
 */
export function useDecideSuggestion(evidenceId: string, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useCallback(
    (id: string, accept: boolean, rating?: number | null) =>
      void decideSuggestion(id, accept, rating)
        .then(async () => {
          await queryClient.invalidateQueries({ queryKey: generationKeys.card(evidenceId) });
          await queryClient.invalidateQueries({ queryKey: queryKeys.card(evidenceId) });
          void queryClient.invalidateQueries({ queryKey: cardLinksKey(evidenceId) });
          for (const key of cardViewKeys) void queryClient.invalidateQueries({ queryKey: key });
          onDone?.();
        })
        .catch((error: unknown) =>
          showAlert({ type: 'warning', message: toApiError(error).message }),
        ),
    [evidenceId, onDone, queryClient],
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
