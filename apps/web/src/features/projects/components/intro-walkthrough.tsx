/**
 * The onboarding introduction's short walkthrough (#30, part 1 §4.2): the deployment's video when
 * one is configured (ONBOARDING_VIDEO_URL), otherwise three illustrated slides of how Assay works —
 * write down what must be true, gather evidence, test the riskiest and learn. Arrow keys, the
 * buttons and the dots move between slides; nothing here is needed to go on.
 */
import { ActionIcon, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type KeyboardEvent, type ReactNode } from 'react';

interface Slide {
  title: string;
  text: string;
  picture: ReactNode;
}

const stroke = 'var(--mantine-color-text)';
const accent = 'var(--mantine-color-blue-filled)';
const soft = 'var(--mantine-color-blue-light)';
const green = 'var(--mantine-color-green-filled)';
const red = 'var(--mantine-color-red-filled)';

/** A canvas of sections with hypothesis cards, one marked risky. */
const canvasPicture = (
  <svg viewBox="0 0 240 120" role="img" aria-label="A canvas of hypothesis cards" width="100%">
    {[0, 1, 2].map((column) => (
      <g key={column}>
        <rect
          x={8 + column * 78}
          y={8}
          width={70}
          height={104}
          rx={6}
          fill="none"
          stroke={stroke}
        />
        {[0, 1].map((row) => (
          <rect
            key={row}
            x={16 + column * 78}
            y={20 + row * 32}
            width={54}
            height={24}
            rx={4}
            fill={column === 1 && row === 0 ? accent : soft}
          />
        ))}
      </g>
    ))}
    <text x={104} y={36} fontSize={10} fill="var(--mantine-color-white)">
      risky
    </text>
  </svg>
);

/** Evidence (an interview, a post, a chat) rated against a hypothesis. */
const evidencePicture = (
  <svg
    viewBox="0 0 240 120"
    role="img"
    aria-label="Evidence rated against a hypothesis"
    width="100%"
  >
    <rect x={150} y={44} width={80} height={32} rx={4} fill={accent} />
    {[0, 1, 2].map((i) => (
      <g key={i}>
        <rect x={10} y={10 + i * 38} width={80} height={26} rx={4} fill={soft} />
        <line
          x1={90}
          y1={23 + i * 38}
          x2={150}
          y2={60}
          stroke={i === 2 ? red : green}
          strokeWidth={3}
        />
      </g>
    ))}
  </svg>
);

/** An experiment moving through plan, run, analyze and complete. */
const experimentPicture = (
  <svg
    viewBox="0 0 240 120"
    role="img"
    aria-label="An experiment moving through its phases"
    width="100%"
  >
    {['Plan', 'Run', 'Analyze', 'Complete'].map((phase, i) => (
      <g key={phase}>
        <rect x={6 + i * 58} y={40} width={52} height={40} rx={6} fill={i === 2 ? accent : soft} />
        <text
          x={32 + i * 58}
          y={64}
          fontSize={10}
          textAnchor="middle"
          fill={i === 2 ? 'var(--mantine-color-white)' : stroke}
        >
          {phase}
        </text>
      </g>
    ))}
  </svg>
);

export const WALKTHROUGH: Slide[] = [
  {
    title: 'Write down what must be true',
    text: 'Your idea rests on guesses about customers, value and money. Put each one on the canvas as a hypothesis, and mark the ones that would sink the idea if they were wrong as risky.',
    picture: canvasPicture,
  },
  {
    title: 'Gather evidence',
    text: 'Add what you learn from interviews, posts, files and customer chats, and rate how strongly each piece supports or refutes a hypothesis. Assay sums it up into what you know.',
    picture: evidencePicture,
  },
  {
    title: 'Test the riskiest, then decide',
    text: 'Plan an experiment for the riskiest hypothesis, run it, analyze the results and complete it. Each finished experiment tells you what to test next.',
    picture: experimentPicture,
  },
];

export function IntroWalkthrough(props: { video: string | null | undefined }) {
  const [index, setIndex] = useState(0);
  if (props.video)
    return (
      <video
        src={props.video}
        controls
        preload="metadata"
        aria-label="A short tour of Assay"
        data-testid="walkthrough-video"
        style={{ width: '100%', borderRadius: 8 }}
      />
    );
  const slide = WALKTHROUGH[index]!;
  const go = (next: number) => setIndex(Math.max(0, Math.min(WALKTHROUGH.length - 1, next)));
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
  };
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      role="region"
      aria-roledescription="slideshow"
      aria-label="How Assay works"
      tabIndex={0}
      onKeyDown={onKey}
      data-testid="walkthrough"
    >
      <Stack gap="sm">
        <div aria-live="polite">
          <Text size="xs" c="dimmed">
            {index + 1} of {WALKTHROUGH.length}
          </Text>
          <Title order={2} size="h4">
            {slide.title}
          </Title>
        </div>
        <div style={{ maxWidth: 360 }}>{slide.picture}</div>
        <Text>{slide.text}</Text>
        <Group justify="space-between">
          <Button variant="default" size="xs" disabled={index === 0} onClick={() => go(index - 1)}>
            Previous
          </Button>
          <Group gap={6}>
            {WALKTHROUGH.map((s, i) => (
              <ActionIcon
                key={s.title}
                size="xs"
                radius="xl"
                variant={i === index ? 'filled' : 'light'}
                aria-label={`Slide ${i + 1}: ${s.title}`}
                aria-current={i === index ? 'step' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </Group>
          <Button
            variant="default"
            size="xs"
            disabled={index === WALKTHROUGH.length - 1}
            onClick={() => go(index + 1)}
          >
            Next slide
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
