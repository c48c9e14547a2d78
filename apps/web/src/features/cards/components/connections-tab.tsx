/**
 * The connections tab: connected hypotheses, evidence and experiments with their ratings. Connect,
 * rate and disconnect apply at once and go back if the server refuses (except ref 32, where the
 * server's answer stands and the card reloads).
 */
import {
  ActionIcon,
  Autocomplete,
  Badge,
  Button,
  Group,
  Select,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { NOT_RATED, RATINGS } from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { cardViewKeys, queryKeys } from '../../../api/query-keys.ts';
import { showAlert } from '../../../ui/alerts.ts';
import {
  connectCard,
  disconnectCard,
  rateConnection,
  searchCardsToConnect,
  type Association,
  type CardDetail,
} from '../api/card.ts';
import { useSearchText } from '../../../ui/search-text.ts';

const KINDS = [
  { key: 'evidence', label: 'Evidence' },
  { key: 'hypothesis', label: 'Hypotheses' },
  { key: 'experiments', label: 'Experiments' },
] as const;

const RATING_OPTIONS = [
  { value: 'none', label: NOT_RATED.label },
  ...RATINGS.map((r) => ({ value: String(r.value), label: `${r.label} (${r.alias})` })),
];

export function ConnectionsTab(props: {
  card: CardDetail;
  /** The list a link named (part 2 §2 connectionsTab). */
  initialList?: (typeof KINDS)[number]['key'] | null;
}) {
  const { card } = props;
  const queryClient = useQueryClient();
  const key = queryKeys.card(card.id);
  const [search, setSearch] = useState('');
  // The list shown: the one a link named; after a connection, the list of what was just connected.
  const [kind, setKind] = useState<(typeof KINDS)[number]['key']>(props.initialList ?? 'evidence');
  const searched = useSearchText(search);
  const results = useQuery({
    queryKey: ['cards-to-connect', card.projectId, searched],
    queryFn: () => searchCardsToConnect(card.projectId, searched),
    enabled: searched.length > 1,
  });
  const connectedIds = new Set(KINDS.flatMap((k) => card.associations[k.key].map((a) => a.cardId)));
  const options = (results.data ?? []).filter(
    (c) => c.id !== card.id && !connectedIds.has(c.id) && !c.draft,
  );

  const change = (optimistic: (c: CardDetail) => CardDetail, run: () => Promise<unknown>) => {
    // A read already on its way (from before the change) must not land after it and undo it.
    void queryClient.cancelQueries({ queryKey: key });
    const before = queryClient.getQueryData<CardDetail>(key);
    if (before) queryClient.setQueryData(key, optimistic(before));
    run()
      .catch((error: unknown) => {
        const apiError = toApiError(error);
        // Ref 32: the server's state stands (the reload below shows it); other failures revert.
        if (before && apiError.ref !== 32) queryClient.setQueryData(key, before);
        showAlert({ type: 'warning', message: apiError.message });
      })
      .finally(() => {
        void queryClient.invalidateQueries({ queryKey: key });
        // Counts and phase readiness elsewhere follow the connections.
        for (const view of cardViewKeys) void queryClient.invalidateQueries({ queryKey: view });
      });
  };
  const update = (
    c: CardDetail,
    connectionId: string,
    patch: (a: Association) => Association | null,
  ) => ({
    ...c,
    associations: Object.fromEntries(
      KINDS.map((k) => [
        k.key,
        c.associations[k.key]
          .map((a) => (a.connectionId === connectionId ? patch(a) : a))
          .filter((a): a is Association => a !== null),
      ]),
    ) as CardDetail['associations'],
  });

  return (
    <Stack gap="sm">
      <Group gap="xs" justify="space-between">
        <Group gap="xs">
          <Badge variant="light">Rating {card.rating.sum}</Badge>
          <Badge variant="light" color="gray">
            {card.rating.count} rated
          </Badge>
        </Group>
        {card.abilities.edit && !card.draft ? (
          <Button
            size="xs"
            variant="light"
            component={Link}
            to={`/workspace/${card.projectId}/canvas/business?connect=${card.id}`}
          >
            Connect on the canvas
          </Button>
        ) : null}
        {card.abilities.edit && !card.draft && card.type === 'hypothesis' ? (
          <Button
            size="xs"
            variant="light"
            component={Link}
            to={`/workspace/${card.projectId}/canvas/business?connect=${card.id}&activity=evidence`}
          >
            Connect from the evidence
          </Button>
        ) : null}
      </Group>
      {card.abilities.edit ? (
        <Autocomplete
          label="Connect a card"
          placeholder="Search this project's cards"
          value={search}
          onChange={setSearch}
          data={options.map((c) => ({ value: c.id, label: c.title || 'Untitled' }))}
          onOptionSubmit={(otherId) => {
            // The field fills itself with the picked title after this; clear it once it has.
            setTimeout(() => setSearch(''), 0);
            const picked = options.find((c) => c.id === otherId);
            if (picked)
              setKind(
                picked.type === 'hypothesis'
                  ? 'hypothesis'
                  : picked.type === 'experiment'
                    ? 'experiments'
                    : 'evidence',
              );
            change(
              (c) => c,
              () => connectCard(card.id, otherId),
            );
          }}
        />
      ) : null}
      <Tabs value={kind} onChange={(value) => value && setKind(value as typeof kind)}>
        <Tabs.List>
          {KINDS.map((k) => (
            <Tabs.Tab key={k.key} value={k.key}>
              {k.label} ({card.associations[k.key].length})
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {KINDS.map((k) => (
          <Tabs.Panel key={k.key} value={k.key} pt="xs">
            {card.associations[k.key].length === 0 ? (
              <Text size="sm" c="dimmed">
                Nothing connected yet.
              </Text>
            ) : (
              <Stack gap={6}>
                {card.associations[k.key].map((a) => (
                  <Group
                    key={a.connectionId}
                    justify="space-between"
                    wrap="nowrap"
                    data-testid="connection"
                  >
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" lineClamp={1}>
                        {a.title || 'Untitled'}
                      </Text>
                      {a.quote ? (
                        // Why it moved the hypothesis: the passage, on both cards (#49).
                        <Text size="xs" c="dimmed" lineClamp={2} data-testid="connection-quote">
                          “{a.quote}”
                        </Text>
                      ) : null}
                    </Stack>
                    <Group gap={4} wrap="nowrap">
                      <Select
                        size="xs"
                        w={230}
                        aria-label={`Rating of ${a.title}`}
                        disabled={!card.abilities.edit}
                        allowDeselect={false}
                        data={RATING_OPTIONS}
                        value={a.rating === null ? 'none' : String(a.rating)}
                        onChange={(value) => {
                          const rating = value === 'none' || value === null ? null : Number(value);
                          change(
                            (c) => update(c, a.connectionId, (x) => ({ ...x, rating })),
                            () => rateConnection(card.id, a.connectionId, rating),
                          );
                        }}
                      />
                      {card.abilities.edit ? (
                        <ActionIcon
                          size="sm"
                          variant="subtle"
                          color="red"
                          aria-label={`Disconnect ${a.title}`}
                          onClick={() =>
                            change(
                              (c) => update(c, a.connectionId, () => null),
                              () => disconnectCard(card.id, a.connectionId),
                            )
                          }
                        >
                          ×
                        </ActionIcon>
                      ) : null}
                    </Group>
                  </Group>
                ))}
              </Stack>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
