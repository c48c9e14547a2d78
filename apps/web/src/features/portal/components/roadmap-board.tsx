/**
 * The roadmap as the team runs it: every public card by section, live or draft, with its
 * category; moves apply at once (totals move by one) and are confirmed by the server; publish,
 * unpublish, edit (the card's public-portal tab) and remove. Hypotheses are added from a picker.
 */
import {
  Badge,
  Box,
  Button,
  Group,
  Menu,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toApiError } from '../../../api/errors.ts';
import { gatewayRequest } from '../../../api/gateway.ts';
import {
  deletePublicCard,
  moveOnBoard,
  savePublicCard,
  type PublicBoardState,
  type PublicCard,
} from '../../../api/portal.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { openConfirm } from '../../../ui/confirm.tsx';

const report = (error: unknown) =>
  showAlert({ type: 'warning', message: toApiError(error).message });

interface Hypothesis {
  id: string;
  title: string;
  type: string;
  draft: boolean;
}

/** Published hypotheses of the project (for adding to the portal). */
function useProjectHypotheses(projectId: string) {
  return useQuery({
    queryKey: ['portal', 'hypotheses', projectId],
    queryFn: async () =>
      (
        await gatewayRequest<{ searchCards: Hypothesis[] }>(
          'query PortalHypotheses($p: ID!) { searchCards(projectId: $p, searchText: "", isEvidence: false) { id title type draft } }',
          { p: projectId },
          { projectId },
        )
      ).searchCards.filter((c) => c.type === 'hypothesis' && !c.draft),
  });
}

function AddHypothesis(props: { state: PublicBoardState }) {
  const client = useQueryClient();
  const hypotheses = useProjectHypotheses(props.state.board.projectId);
  const [adding, setAdding] = useState(false);
  const onBoard = new Set(props.state.cards.map((c) => c.cardId));
  const options = (hypotheses.data ?? [])
    .filter((h) => !onBoard.has(h.id))
    .map((h) => ({ value: h.id, label: h.title || 'Untitled' }));
  return (
    <Select
      aria-label="Add a hypothesis to the portal"
      placeholder={
        options.length ? 'Add a hypothesis to the portal…' : 'Every hypothesis is on the portal'
      }
      data={options}
      value={null}
      searchable
      disabled={adding || options.length === 0}
      onChange={(cardId) => {
        if (!cardId) return;
        setAdding(true);
        savePublicCard(client, { cardId })
          .catch(report)
          .finally(() => setAdding(false));
      }}
      w={340}
    />
  );
}

function BoardCard(props: { state: PublicBoardState; card: PublicCard; canPublish: boolean }) {
  const client = useQueryClient();
  const [, setSearchParams] = useSearchParams();
  const { state, card } = props;
  const projectId = state.board.projectId;
  const category = state.categories.find((c) => c.id === card.categoryId);
  const move = (to: { section?: string; categoryId?: string }) =>
    void moveOnBoard(client, projectId, { cardId: card.cardId, ...to }).catch(report);
  const act = (action: 'publish' | 'unpublish') =>
    void savePublicCard(client, { cardId: card.cardId, version: card.version, action })
      .then(() =>
        showAlert({
          type: 'success',
          message: action === 'publish' ? 'Published to the portal.' : 'Taken off the portal.',
        }),
      )
      .catch(report);
  return (
    <Paper
      withBorder
      p="xs"
      radius="md"
      data-testid="portal-board-card"
      aria-label={card.draft.title}
    >
      <Stack gap={6}>
        <Text fw={600} size="sm">
          {card.draft.title}
        </Text>
        {card.hypothesisTitle !== card.draft.title ? (
          <Text size="xs" c="dimmed">
            From: {card.hypothesisTitle}
          </Text>
        ) : null}
        <Group gap={4}>
          {card.isLive ? <Badge color="green">Live</Badge> : <Badge color="gray">Draft</Badge>}
          {card.isLive && card.hasDraftChanges ? (
            <Badge color="yellow" variant="light">
              Unpublished changes
            </Badge>
          ) : null}
          {category ? (
            <Badge variant="outline" color={category.color}>
              {category.name}
            </Badge>
          ) : null}
        </Group>
        {props.canPublish ? (
          <Group gap={4}>
            <Button
              size="compact-xs"
              variant={card.isLive && !card.hasDraftChanges ? 'default' : 'filled'}
              onClick={() => act('publish')}
              disabled={card.isLive && !card.hasDraftChanges}
            >
              Publish
            </Button>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  size="compact-xs"
                  variant="default"
                  aria-label={`More for ${card.draft.title}`}
                >
                  More
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  onClick={() =>
                    setSearchParams((params) => {
                      params.set('cardId', card.cardId);
                      params.set('cardTab', 'publicPortal');
                      return params;
                    })
                  }
                >
                  Edit public card
                </Menu.Item>
                {card.isLive ? (
                  <Menu.Item onClick={() => act('unpublish')}>Unpublish</Menu.Item>
                ) : null}
                <Menu.Label>Move to section</Menu.Label>
                {state.sections
                  .filter((s) => s.key !== card.section)
                  .map((s) => (
                    <Menu.Item key={s.key} onClick={() => move({ section: s.key })}>
                      {s.name}
                    </Menu.Item>
                  ))}
                {state.categories.length > 1 ? <Menu.Label>Move to category</Menu.Label> : null}
                {state.categories.length > 1
                  ? state.categories
                      .filter((c) => c.id !== card.categoryId)
                      .map((c) => (
                        <Menu.Item key={c.id} onClick={() => move({ categoryId: c.id })}>
                          {c.name}
                        </Menu.Item>
                      ))
                  : null}
                <Menu.Divider />
                <Menu.Item
                  color="red"
                  onClick={() =>
                    openConfirm({
                      title: 'Remove from the portal?',
                      message: 'The public card is removed; the hypothesis stays in the project.',
                      confirmLabel: 'Remove',
                      danger: true,
                      onConfirm: () => void deletePublicCard(client, card.cardId).catch(report),
                    })
                  }
                >
                  Remove from portal
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function RoadmapBoard(props: { state: PublicBoardState }) {
  const { state } = props;
  const canPublish = state.abilities.publish;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3} size="h4">
          Roadmap
        </Title>
        {canPublish ? <AddHypothesis state={state} /> : null}
      </Group>
      <ScrollArea type="auto" offsetScrollbars>
        <Group align="flex-start" wrap="nowrap" gap="md">
          {state.sections.map((section) => {
            const cards = state.cards.filter((c) => c.section === section.key);
            return (
              <Box
                key={section.key}
                w={260}
                style={{ flexShrink: 0 }}
                data-testid={`board-column-${section.key}`}
              >
                <Group gap="xs" mb="xs">
                  <Box w={10} h={10} bg={`${section.color}.6`} style={{ borderRadius: 5 }} />
                  <Text fw={600} size="sm">
                    {section.name}
                  </Text>
                  <Badge
                    variant="outline"
                    color="dark"
                    data-testid={`board-total-${section.key}`}
                    aria-label={`${section.cardTotal} cards`}
                  >
                    {section.cardTotal}
                  </Badge>
                </Group>
                <Stack gap="xs">
                  {cards.length === 0 ? (
                    <Text size="xs" c="dimmed">
                      No cards
                    </Text>
                  ) : (
                    cards.map((card) => (
                      <BoardCard key={card.id} state={state} card={card} canPublish={canPublish} />
                    ))
                  )}
                </Stack>
              </Box>
            );
          })}
        </Group>
      </ScrollArea>
    </Stack>
  );
}
