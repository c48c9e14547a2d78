/**
 * The public portal as visitors see it, without an account (part 2 §2): the roadmap of published
 * cards by section, filtered by category, and one card's page. Only live copies reach this page.
 */
import {
  Anchor,
  Avatar,
  Badge,
  Box,
  Container,
  Group,
  Image,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { portalPaths, type VisitorBoard, type VisitorCard } from '@assay/domain';
import { useVisitorBoard } from '../api/visitor.ts';

/** Links: dark blue on the light page, light blue on the dark one (both above 4.5:1, #32). */
const LINK = 'light-dark(var(--mantine-color-blue-9), var(--mantine-color-blue-4))';

function evidenceLine(count: number) {
  if (count === 0) return null;
  return `${count} ${count === 1 ? 'connected piece' : 'connected pieces'} of evidence`;
}

function CardTile(props: { board: VisitorBoard; card: VisitorCard }) {
  const { board, card } = props;
  const image = card.images[0];
  const evidence = evidenceLine(card.connectionCount);
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="article"
      data-testid="portal-card"
      aria-labelledby={`card-${card.id}`}
    >
      <Stack gap={6}>
        {image ? (
          <Image src={image.thumbUrl ?? image.url} alt="" h={120} fit="cover" radius="sm" />
        ) : null}
        <Anchor
          component={Link}
          to={portalPaths.card(board.link, card.categoryId, card.id)}
          fw={600}
          c="var(--mantine-color-text)"
          id={`card-${card.id}`}
        >
          {card.title}
        </Anchor>
        {card.summary ? (
          <Text size="sm" lineClamp={3}>
            {card.summary}
          </Text>
        ) : null}
        {evidence ? (
          <Text size="xs" c="dimmed">
            {evidence}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

function Roadmap(props: { board: VisitorBoard; categoryId: string | null }) {
  const { board, categoryId } = props;
  const cards = categoryId ? board.cards.filter((c) => c.categoryId === categoryId) : board.cards;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: Math.min(4, Math.max(1, board.sections.length)) }}>
      {board.sections.map((section) => {
        const inSection = cards.filter((c) => c.section === section.key);
        return (
          <Box
            component="section"
            key={section.key}
            aria-labelledby={`section-${section.key}`}
            data-testid={`portal-section-${section.key}`}
          >
            <Group gap="xs" mb="xs">
              <Box w={10} h={10} bg={`${section.color}.6`} style={{ borderRadius: 5 }} />
              <Title order={2} size="h4" id={`section-${section.key}`}>
                {section.name}
              </Title>
              <Badge variant="outline" color="dark" aria-label={`${inSection.length} cards`}>
                {inSection.length}
              </Badge>
            </Group>
            <Stack gap="sm">
              {inSection.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Nothing here yet.
                </Text>
              ) : (
                inSection.map((card) => <CardTile key={card.id} board={board} card={card} />)
              )}
            </Stack>
          </Box>
        );
      })}
    </SimpleGrid>
  );
}

function CardPage(props: { board: VisitorBoard; card: VisitorCard }) {
  const { board, card } = props;
  const section = board.sections.find((s) => s.key === card.section);
  const category = board.categories.find((c) => c.id === card.categoryId);
  const evidence = evidenceLine(card.connectionCount);
  return (
    <Stack gap="md" maw={760}>
      <Anchor
        component={Link}
        to={portalPaths.category(board.link, card.categoryId)}
        size="sm"
        c={LINK}
      >
        ← Back to {category?.name ?? 'the roadmap'}
      </Anchor>
      <Stack gap={4}>
        <Title order={2} data-testid="portal-card-title">
          {card.title}
        </Title>
        <Group gap="xs">
          {section ? (
            <Badge color="dark" variant="outline">
              {section.name}
            </Badge>
          ) : null}
          {category ? (
            <Badge color="dark" variant="outline">
              {category.name}
            </Badge>
          ) : null}
        </Group>
      </Stack>
      {card.summary ? <Text size="lg">{card.summary}</Text> : null}
      {card.description ? <Text style={{ whiteSpace: 'pre-wrap' }}>{card.description}</Text> : null}
      {card.images.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {card.images.map((image, i) => (
            <Image
              key={image.url}
              src={image.mediumUrl ?? image.url}
              alt={`${card.title}, image ${i + 1}`}
              radius="md"
            />
          ))}
        </SimpleGrid>
      ) : null}
      {card.figma ? (
        <Anchor href={card.figma.url} target="_blank" rel="noopener noreferrer" c={LINK}>
          {card.figma.name || 'Open the design file'}
        </Anchor>
      ) : null}
      {evidence ? <Text size="sm">{evidence}</Text> : null}
      <Text size="xs" c="dimmed">
        Published {new Date(card.publishedAt).toLocaleDateString()}
      </Text>
    </Stack>
  );
}

function NotAvailable() {
  return (
    <Container size="sm" py="xl" component="main">
      <Stack gap="sm">
        <Title order={1}>This portal is not available</Title>
        <Text>The link may be mistyped, or the team has stopped sharing this portal.</Text>
        <Anchor href="/" c={LINK}>
          Go to Assay
        </Anchor>
      </Stack>
    </Container>
  );
}

export function VisitorPortalPage() {
  const params = useParams();
  const link = params.link ?? '';
  const categoryId = params.categoryId ?? null;
  const cardId = params.cardId ?? null;
  const query = useVisitorBoard(link);
  const board = query.data;
  const card = board && cardId ? board.cards.find((c) => c.id === cardId) : undefined;
  const category = board && categoryId ? board.categories.find((c) => c.id === categoryId) : null;

  useEffect(() => {
    if (!board) return;
    document.title = card
      ? `${card.title} · ${board.name}`
      : category
        ? `${category.name} · ${board.name}`
        : board.name;
  }, [board, card, category]);

  if (query.isLoading) return <Loader aria-label="Loading the portal" m="xl" />;
  if (query.error) {
    return (
      <Container size="sm" py="xl" component="main">
        <Text role="alert">{query.error.message}</Text>
      </Container>
    );
  }
  if (!board || (cardId && !card) || (categoryId && !category && !card)) return <NotAvailable />;

  return (
    <Box bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))" mih="100vh">
      <Box
        component="header"
        bg="var(--mantine-color-body)"
        py="md"
        style={{
          borderBottom:
            '1px solid light-dark(var(--mantine-color-gray-3), var(--mantine-color-dark-4))',
        }}
      >
        <Container size="xl">
          <Group gap="md">
            {board.image ? <Avatar src={board.image} alt="" size={48} radius="md" /> : null}
            <Stack gap={0}>
              <Title order={1} size="h2" data-testid="portal-name">
                {board.name}
              </Title>
              <Text size="sm" c="dimmed">
                Public roadmap of {board.signature}
              </Text>
            </Stack>
          </Group>
          <Group component="nav" aria-label="Categories" gap="xs" mt="md">
            <Anchor
              component={Link}
              to={portalPaths.board(board.link)}
              c={LINK}
              aria-current={categoryId === null && !card ? 'page' : undefined}
              fw={categoryId === null && !card ? 700 : 400}
            >
              All
            </Anchor>
            {board.categories.map((c) => {
              const current = categoryId === c.id && !card;
              return (
                <Anchor
                  key={c.id}
                  component={Link}
                  to={portalPaths.category(board.link, c.id)}
                  c={LINK}
                  aria-current={current ? 'page' : undefined}
                  fw={current ? 700 : 400}
                >
                  {c.name}
                </Anchor>
              );
            })}
          </Group>
        </Container>
      </Box>
      <Container size="xl" py="lg" component="main">
        {card ? (
          <CardPage board={board} card={card} />
        ) : (
          <Roadmap board={board} categoryId={categoryId} />
        )}
      </Container>
      <Container size="xl" pb="lg" component="footer">
        <Text size="xs" c="dimmed">
          Made with{' '}
          <Anchor href="/" size="xs" c={LINK} underline="always">
            Assay
          </Anchor>
        </Text>
      </Container>
    </Box>
  );
}
