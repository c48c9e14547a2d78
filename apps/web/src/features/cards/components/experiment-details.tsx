/**
 * An experiment's tabs: Plan (type, statement, plan details, due date, members, success criteria),
 * Run (connected evidence, criteria met), Analyze (market, investment, details, hypothesis
 * changes, key insights) and Complete (results, success, key learnings), with the phase bar that
 * moves it plan → Run → analyze → complete under the rules of part 2 §4.
 */
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  EXPERIMENT_PHASE_LABELS,
  EXPERIMENT_PHASES,
  EXPERIMENT_TYPE_LABELS,
  EXPERIMENT_TYPES,
  phaseChangeProblem,
  type ExperimentPhase,
} from '@assay/domain';
import { type CardDetail } from '../api/card.ts';
import { TimingBadge } from '../../../ui/timing-badge.tsx';
import { uploadImageForCard } from './card-media.tsx';
import { MembersSelect } from './members-select.tsx';
import { CriteriaEditor } from './experiment-criteria.tsx';
import { textOf, useExperimentWriter } from './experiment-writer.tsx';
import { ExperimentText } from './experiment-writer.tsx';

/** The card tab that shows a phase (test is shown as Run). */
export const PHASE_TABS = {
  plan: 'plan',
  test: 'run',
  analyze: 'analyze',
  complete: 'complete',
} as const satisfies Record<ExperimentPhase, string>;

/** The phase steps and the buttons that move the experiment on or back. */
export function ExperimentPhaseBar(props: { card: CardDetail; onMoved?: (tab: string) => void }) {
  const { card } = props;
  const experiment = card.experiment;
  const { patch } = useExperimentWriter(card);
  if (!experiment) return null;
  const current = experiment.phase.phase;
  const index = EXPERIMENT_PHASES.indexOf(current);
  const next = EXPERIMENT_PHASES[index + 1];
  const previous = index > 0 ? EXPERIMENT_PHASES[index - 1] : undefined;
  const problem = next
    ? phaseChangeProblem(
        {
          phase: current,
          draft: card.draft,
          statement: textOf(card, 'statement')?.rawText,
          planDetails: textOf(card, 'description')?.rawText,
        },
        next,
      )
    : null;
  // The plan just typed is saved before the move, which the server checks against it.
  const move = (phase: ExperimentPhase) =>
    void patch({ phase }, undefined, true).then((saved) => {
      if (saved) props.onMoved?.(PHASE_TABS[phase]);
    });
  return (
    <Paper withBorder p="xs" radius="md" data-testid="experiment-phase-bar">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap={4} aria-label="Phases">
          {EXPERIMENT_PHASES.map((phase, i) => (
            <Badge
              key={phase}
              variant={phase === current ? 'filled' : i < index ? 'light' : 'outline'}
              color={phase === current ? 'blue' : 'gray'}
              aria-current={phase === current ? 'step' : undefined}
            >
              {EXPERIMENT_PHASE_LABELS[phase]}
            </Badge>
          ))}
          <TimingBadge timing={experiment.timing} />
          {current === 'test' ? (
            <Badge
              color={experiment.phase.phaseReady ? 'green' : 'gray'}
              variant="light"
              data-testid="phase-ready"
            >
              {experiment.phase.phaseReady ? 'Ready to analyze' : 'Waiting for evidence'}
            </Badge>
          ) : null}
        </Group>
        {card.abilities.edit ? (
          <Group gap="xs">
            {previous ? (
              <Button size="xs" variant="subtle" onClick={() => move(previous)}>
                Back to {EXPERIMENT_PHASE_LABELS[previous]}
              </Button>
            ) : null}
            {next ? (
              <Button
                size="xs"
                onClick={() => move(next)}
                title={problem ?? undefined}
                data-blocked={problem ? 'true' : undefined}
              >
                Move to {EXPERIMENT_PHASE_LABELS[next]}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>
      {current === 'test' && !experiment.phase.phaseReady ? (
        <Text size="xs" c="dimmed" mt={4}>
          Connect evidence to this experiment (Connections tab) to get it ready for analysis.
        </Text>
      ) : null}
    </Paper>
  );
}

export function ExperimentPlan(props: { card: CardDetail }) {
  const { card } = props;
  const experiment = card.experiment;
  const { patch } = useExperimentWriter(card);
  if (!experiment) return null;
  const editable = card.abilities.edit;
  return (
    <Stack gap="md">
      <Group grow align="flex-end">
        <div>
          <Text size="sm" fw={500} mb={4}>
            Kind
          </Text>
          <SegmentedControl
            fullWidth
            disabled={!editable}
            value={experiment.experimentType}
            data={EXPERIMENT_TYPES.map((t) => ({ value: t, label: EXPERIMENT_TYPE_LABELS[t] }))}
            onChange={(value) =>
              void patch(
                { experimentType: value as 'generative' },
                { experimentType: value as 'generative' },
              )
            }
          />
        </div>
        <TextInput
          type="date"
          label="Due date"
          disabled={!editable}
          defaultValue={experiment.dueDate?.slice(0, 10) ?? ''}
          onChange={(e) => {
            const value = e.currentTarget.value;
            if (value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value))
              void patch({ dueDate: value || null });
          }}
        />
      </Group>
      <ExperimentText
        key={`statement-${card.id}`}
        card={card}
        field="statement"
        label="Hypothesis statement"
        placeholder="We believe that… We will know we are right when…"
      />
      <ExperimentText
        key={`description-${card.id}`}
        card={card}
        field="description"
        label="Plan details"
        placeholder="What will you do, with whom, and for how long?"
        onUploadImage={(file) => uploadImageForCard(card.id, file)}
      />
      <CriteriaEditor card={card} withEvidence={false} />
      <MembersSelect
        value={experiment.members}
        disabled={!editable}
        onChange={(members) => void patch({ members })}
      />
    </Stack>
  );
}

export function ExperimentRun(props: { card: CardDetail; onConnections: () => void }) {
  const { card } = props;
  const evidence = card.associations.evidence;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          Evidence gathered ({evidence.length})
        </Text>
        <Button size="xs" variant="light" onClick={props.onConnections}>
          Connect evidence
        </Button>
      </Group>
      {evidence.length === 0 ? (
        <Alert color="gray" variant="light">
          No evidence yet. Run the experiment, record interviews or posts, and connect them here.
        </Alert>
      ) : (
        <Stack gap={4} data-testid="run-evidence">
          {evidence.map((e) => (
            <Text key={e.connectionId} size="sm">
              • {e.title || 'Untitled evidence'}
            </Text>
          ))}
        </Stack>
      )}
      <CriteriaEditor card={card} withEvidence />
    </Stack>
  );
}
