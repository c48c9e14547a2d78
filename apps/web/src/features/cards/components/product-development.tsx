/** The development tab of a product idea: its place on each board and its product scores. */
import { Badge, Group, NumberInput, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  BOARD_LABELS,
  BOARD_TYPES,
  computeProductScore,
  IMPACT_EFFORT_QUADRANTS,
  mergeProductScore,
  PAIN_FREQUENCY_QUADRANTS,
  SCORE_SCALES,
  type BoardType,
  type ProductScore,
} from '@assay/domain';
import { queueCardWrite } from '../../../api/card-writes.ts';
import { moveCardTo, updateHypothesis, type CardDetail } from '../api/card.ts';
import { useBoardSections, type CardProject } from '../api/card-project.ts';
import { useCardWriter } from '../hooks/use-card-writer.ts';

type ScoreKey = keyof ProductScore;

const SCORE_INPUTS: {
  key: ScoreKey;
  title: string;
  fields: { name: string; label: string; min: number; max: number; step?: number }[];
}[] = [
  {
    key: 'ice',
    title: 'ICE (impact × confidence × ease, each 1–10)',
    fields: [
      { name: 'impact', label: 'Impact', ...SCORE_SCALES.oneToTen },
      { name: 'confidence', label: 'Confidence', ...SCORE_SCALES.oneToTen },
      { name: 'ease', label: 'Ease', ...SCORE_SCALES.oneToTen },
    ],
  },
  {
    key: 'rice',
    title: 'RICE (reach × impact × confidence% ÷ effort)',
    fields: [
      { name: 'reach', label: 'Reach', min: 0, max: 1_000_000_000 },
      { name: 'impact', label: 'Impact (0.25–3)', min: 0, max: 3, step: 0.25 },
      { name: 'confidence', label: 'Confidence %', min: 0, max: 100 },
      { name: 'effort', label: 'Effort (person-months)', min: 0, max: 100_000, step: 0.5 },
    ],
  },
  {
    key: 'ie',
    title: 'Impact vs Effort (1–10)',
    fields: [
      { name: 'impact', label: 'Impact', ...SCORE_SCALES.oneToTen },
      { name: 'effort', label: 'Effort', ...SCORE_SCALES.oneToTen },
    ],
  },
  {
    key: 'pf',
    title: 'Pain vs Frequency (1–10)',
    fields: [
      { name: 'pain', label: 'Pain', ...SCORE_SCALES.oneToTen },
      { name: 'frequency', label: 'Frequency', ...SCORE_SCALES.oneToTen },
    ],
  },
];

function scoreResult(key: ScoreKey, score: ProductScore): string | null {
  const computed = computeProductScore(score);
  if (key === 'ice') return computed.ice?.total != null ? `Total ${computed.ice.total}` : null;
  if (key === 'rice') return computed.rice?.total != null ? `Total ${computed.rice.total}` : null;
  if (key === 'ie') {
    const q = computed.ie?.quadrant as keyof typeof IMPACT_EFFORT_QUADRANTS | null | undefined;
    return q ? IMPACT_EFFORT_QUADRANTS[q] : null;
  }
  const q = computed.pf?.quadrant as keyof typeof PAIN_FREQUENCY_QUADRANTS | null | undefined;
  return q ? PAIN_FREQUENCY_QUADRANTS[q] : null;
}

function BoardPlacement(props: {
  card: CardDetail;
  project: CardProject | undefined;
  board: BoardType;
}) {
  const { card, board } = props;
  const enabled = props.project?.settings[board] !== false;
  const sections = useBoardSections(card.projectId, board, enabled);
  const { write } = useCardWriter(card.id);
  if (!enabled || !card.hypothesis) return null;
  const current = card.hypothesis[board].section;
  return (
    <Select
      label={BOARD_LABELS[board]}
      disabled={!card.abilities.edit}
      allowDeselect={false}
      data={(sections.data ?? []).map((s) => ({ value: s.key, label: s.name }))}
      value={current}
      onChange={(section) => {
        if (!section || section === current) return;
        void write(
          (c) =>
            // Moved from the detail, it goes to the top of the section.
            queueCardWrite(c.id, c.version, (version) => moveCardTo(c.id, version, board, section)),
          { views: true },
        ).catch(() => undefined);
      }}
    />
  );
}

export function ProductDevelopment(props: { card: CardDetail; project: CardProject | undefined }) {
  const { card } = props;
  const { write } = useCardWriter(card.id);
  const score = card.hypothesis?.productScore ?? {};
  const setScore = (key: ScoreKey, field: string, value: number | null) => {
    const change = { [key]: { [field]: value } };
    void write((c) => updateHypothesis(c, { productScore: change as ProductScore }), {
      optimistic: (c) =>
        c.hypothesis
          ? {
              ...c,
              hypothesis: {
                ...c.hypothesis,
                productScore: mergeProductScore(c.hypothesis.productScore, change),
              },
            }
          : c,
      views: true,
    }).catch(() => undefined);
  };
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {BOARD_TYPES.map((board) => (
          <BoardPlacement key={board} card={card} project={props.project} board={board} />
        ))}
      </SimpleGrid>
      {SCORE_INPUTS.filter(
        (group) =>
          !props.project?.settings.productScores?.length ||
          props.project.settings.productScores.includes(group.key),
      ).map((group) => {
        const values = (score[group.key] ?? {}) as Record<string, number | null>;
        const result = scoreResult(group.key, score);
        return (
          <Stack key={group.key} gap={6} role="group" aria-label={group.title}>
            <Group gap="xs">
              <Title order={6}>{group.title}</Title>
              {result ? (
                <Badge variant="light" data-testid={`score-${group.key}`}>
                  {result}
                </Badge>
              ) : null}
            </Group>
            <SimpleGrid cols={{ base: 2, sm: group.fields.length }}>
              {group.fields.map((f) => (
                <NumberInput
                  key={f.name}
                  label={f.label}
                  min={f.min}
                  max={f.max}
                  step={f.step ?? 1}
                  disabled={!card.abilities.edit}
                  defaultValue={values[f.name] ?? ''}
                  onBlur={(e) => {
                    const raw = e.currentTarget.value.replace(/,/g, '');
                    const n = raw === '' ? null : Number(raw);
                    if (n !== null && (!Number.isFinite(n) || n < f.min || n > f.max)) return;
                    if (n !== (values[f.name] ?? null)) setScore(group.key, f.name, n);
                  }}
                />
              ))}
            </SimpleGrid>
          </Stack>
        );
      })}
      <Text size="xs" c="dimmed">
        Scores sort the priority list on the product board by the method the project uses.
      </Text>
    </Stack>
  );
}
