/**
 * An experiment's tabs: Plan (type, statement, plan details, due date, members, success criteria),
 * Run (connected evidence, criteria met), Analyze (market, investment, details, hypothesis
 * changes, key insights) and Complete (results, success, key learnings), with the phase bar that
 * moves it plan → Run → analyze → complete under the rules of part 2 §4.
 */
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  EXPERIMENT_PHASE_LABELS,
  EXPERIMENT_PHASES,
  EXPERIMENT_TYPE_LABELS,
  EXPERIMENT_TYPES,
  LIMITS,
  phaseChangeProblem,
  type ExperimentPhase,
} from '@assay/domain';
import {
  updateExperiment,
  updateText,
  type CardDetail,
  type ExperimentAnalysis,
  type ExperimentDetail,
  type ExperimentPatch,
  type SuccessCriterion,
} from '../api/card.ts';
import { TimingBadge } from '../../../ui/timing-badge.tsx';
import { useCardWriter } from '../hooks/use-card-writer.ts';
import { uploadImageForCard } from './card-media.tsx';
import { MembersSelect } from './members-select.tsx';
import { PlainField } from './plain-field.tsx';
import { RichTextField } from './rich-text-field.tsx';

/** The card tab that shows a phase (test is shown as Run). */
export const PHASE_TABS = {
  plan: 'plan',
  test: 'run',
  analyze: 'analyze',
  complete: 'complete',
} as const satisfies Record<ExperimentPhase, string>;

function useExperimentWriter(card: CardDetail) {
  const { write } = useCardWriter(card.id);
  const patch = (
    change: ExperimentPatch,
    optimistic?: Partial<ExperimentDetail>,
    afterEdits = false,
  ) =>
    write((c) => updateExperiment(c, change), {
      views: true,
      afterEdits,
      optimistic: optimistic
        ? (c) => ({
            ...c,
            experiment: c.experiment ? { ...c.experiment, ...optimistic } : null,
          })
        : undefined,
    }).catch(() => null);
  const text = (field: string) => (value: { text: string; rawText: string; mentions: string[] }) =>
    write((c) => updateText(c, field, value.text, value.rawText, value.mentions));
  return { patch, text, write };
}

const textOf = (card: CardDetail, field: string) =>
  card.texts.find((t) => t.field === field) ?? null;

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

function newCriterion(): SuccessCriterion {
  return {
    id: crypto.randomUUID(),
    measurement: '',
    expectation: '',
    achieved: null,
    evidence: [],
  };
}

function CriteriaEditor(props: { card: CardDetail; withEvidence: boolean }) {
  const { card } = props;
  const experiment = card.experiment!;
  const { patch } = useExperimentWriter(card);
  const editable = card.abilities.edit;
  const criteria = experiment.successCriteria;
  const save = (next: SuccessCriterion[]) =>
    void patch({ successCriteria: next }, { successCriteria: next });
  const change = (id: string, part: Partial<SuccessCriterion>) =>
    save(criteria.map((c) => (c.id === id ? { ...c, ...part } : c)));
  const evidenceOptions = card.associations.evidence.map((e) => ({
    value: e.cardId,
    label: e.title || 'Untitled evidence',
  }));
  return (
    <Stack gap="xs" data-testid="success-criteria">
      <Text size="sm" fw={500}>
        Success criteria
      </Text>
      {criteria.length === 0 ? (
        <Text size="sm" c="dimmed">
          How will you know it worked? Add a measurement and what you expect.
        </Text>
      ) : null}
      {criteria.map((criterion, i) => (
        <Paper key={criterion.id} withBorder p="xs" radius="sm">
          <Stack gap={6}>
            <Group grow align="flex-end">
              <TextInput
                label={`Measurement ${i + 1}`}
                defaultValue={criterion.measurement}
                disabled={!editable}
                maxLength={2000}
                placeholder="e.g. sign-ups from the pricing page"
                onBlur={(e) =>
                  e.currentTarget.value !== criterion.measurement &&
                  change(criterion.id, { measurement: e.currentTarget.value })
                }
              />
              <TextInput
                label="Expectation"
                defaultValue={criterion.expectation}
                disabled={!editable}
                maxLength={2000}
                placeholder="e.g. 10 of 50 visitors"
                onBlur={(e) =>
                  e.currentTarget.value !== criterion.expectation &&
                  change(criterion.id, { expectation: e.currentTarget.value })
                }
              />
              {editable ? (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  style={{ flexGrow: 0 }}
                  aria-label={`Remove measurement ${i + 1}`}
                  onClick={() => save(criteria.filter((c) => c.id !== criterion.id))}
                >
                  ×
                </ActionIcon>
              ) : null}
            </Group>
            {props.withEvidence ? (
              <Group grow align="flex-end">
                <MultiSelect
                  label="Evidence"
                  placeholder={
                    evidenceOptions.length ? 'Pick connected evidence' : 'No evidence connected yet'
                  }
                  data={evidenceOptions}
                  value={criterion.evidence.filter((id) =>
                    evidenceOptions.some((o) => o.value === id),
                  )}
                  disabled={!editable || evidenceOptions.length === 0}
                  onChange={(evidence) => change(criterion.id, { evidence })}
                />
                <div style={{ flexGrow: 0 }}>
                  <Text size="sm" fw={500} mb={4}>
                    Achieved
                  </Text>
                  <SegmentedControl
                    size="xs"
                    disabled={!editable}
                    value={criterion.achieved === null ? 'open' : criterion.achieved ? 'yes' : 'no'}
                    data={[
                      { value: 'open', label: 'Open' },
                      { value: 'yes', label: 'Yes' },
                      { value: 'no', label: 'No' },
                    ]}
                    onChange={(v) =>
                      change(criterion.id, { achieved: v === 'open' ? null : v === 'yes' })
                    }
                  />
                </div>
              </Group>
            ) : null}
          </Stack>
        </Paper>
      ))}
      {editable ? (
        <Button
          size="xs"
          variant="light"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => save([...criteria, newCriterion()])}
        >
          Add a success criterion
        </Button>
      ) : null}
    </Stack>
  );
}

export function ExperimentPlan(props: { card: CardDetail }) {
  const { card } = props;
  const experiment = card.experiment;
  const { patch, text } = useExperimentWriter(card);
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
      <RichTextField
        key={`statement-${card.id}`}
        label="Hypothesis statement"
        title="statement"
        projectId={card.projectId}
        value={textOf(card, 'statement')?.text ?? ''}
        editable={editable}
        placeholder="We believe that… We will know we are right when…"
        onSave={text('statement')}
      />
      <RichTextField
        key={`description-${card.id}`}
        label="Plan details"
        title="description"
        projectId={card.projectId}
        value={textOf(card, 'description')?.text ?? ''}
        editable={editable}
        placeholder="What will you do, with whom, and for how long?"
        onSave={text('description')}
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

const ANALYSIS_TEXTS = [
  { key: 'market', label: 'Market', placeholder: 'What did you learn about the market?' },
  {
    key: 'investment',
    label: 'Investment',
    placeholder: 'What did it cost, and what would it take next?',
  },
  { key: 'details', label: 'Details', placeholder: undefined },
] as const;

export function ExperimentAnalyze(props: { card: CardDetail }) {
  const { card } = props;
  const experiment = card.experiment;
  const { patch, text } = useExperimentWriter(card);
  if (!experiment) return null;
  const editable = card.abilities.edit;
  const analysis = experiment.analyze;
  const saveAnalysis = (part: Partial<ExperimentAnalysis>) => {
    const next = { ...analysis, ...part };
    return patch({ analyze: next }, { analyze: next });
  };
  const changeFor = (id: string) => analysis.hypothesis.find((h) => h.id === id);
  const setChange = (id: string, part: { value?: string; reason?: string }) => {
    const existing = changeFor(id) ?? { id, value: '', reason: '' };
    const updated = { ...existing, ...part };
    const rest = analysis.hypothesis.filter((h) => h.id !== id);
    const list = updated.value || updated.reason ? [...rest, updated] : rest;
    return saveAnalysis({ hypothesis: list });
  };
  return (
    <Stack gap="md">
      {ANALYSIS_TEXTS.map((field) => (
        <PlainField
          key={`${field.key}-${card.id}`}
          label={field.label}
          title={field.key}
          multiline
          value={analysis[field.key]}
          max={LIMITS.textFieldMax}
          disabled={!editable}
          placeholder={field.placeholder}
          onSave={(value) => saveAnalysis({ [field.key]: value })}
        />
      ))}
      <Switch
        label="The hypothesis changed"
        checked={analysis.hypothesisChanged}
        disabled={!editable}
        onChange={(e) => void saveAnalysis({ hypothesisChanged: e.currentTarget.checked })}
      />
      {analysis.hypothesisChanged ? (
        card.associations.hypothesis.length === 0 ? (
          <Text size="sm" c="dimmed">
            Connect the hypotheses this experiment tests to record how they changed.
          </Text>
        ) : (
          card.associations.hypothesis.map((h) => (
            <Paper key={h.cardId} withBorder p="xs" radius="sm">
              <Text size="sm" fw={500} mb={4}>
                {h.title}
              </Text>
              <Group grow>
                <TextInput
                  label="Now"
                  defaultValue={changeFor(h.cardId)?.value ?? ''}
                  disabled={!editable}
                  maxLength={2000}
                  onBlur={(e) => void setChange(h.cardId, { value: e.currentTarget.value })}
                />
                <TextInput
                  label="Because"
                  defaultValue={changeFor(h.cardId)?.reason ?? ''}
                  disabled={!editable}
                  maxLength={LIMITS.reasonMax - 1}
                  onBlur={(e) => void setChange(h.cardId, { reason: e.currentTarget.value })}
                />
              </Group>
            </Paper>
          ))
        )
      ) : null}
      <RichTextField
        key={`keyInsights-${card.id}`}
        label="Key insights"
        title="keyInsights"
        projectId={card.projectId}
        value={textOf(card, 'keyInsights')?.text ?? ''}
        editable={editable}
        onSave={text('keyInsights')}
      />
    </Stack>
  );
}

export function ExperimentComplete(props: { card: CardDetail }) {
  const { card } = props;
  const experiment = card.experiment;
  const { patch, text } = useExperimentWriter(card);
  if (!experiment) return null;
  const editable = card.abilities.edit;
  return (
    <Stack gap="md">
      <div>
        <Text size="sm" fw={500} mb={4}>
          Outcome
        </Text>
        <SegmentedControl
          disabled={!editable}
          value={experiment.success === null ? 'open' : experiment.success ? 'yes' : 'no'}
          data={[
            { value: 'open', label: 'Undecided' },
            { value: 'yes', label: 'Successful' },
            { value: 'no', label: 'Not successful' },
          ]}
          onChange={(v) => {
            const success = v === 'open' ? null : v === 'yes';
            void patch({ success }, { success });
          }}
        />
      </div>
      <RichTextField
        key={`results-${card.id}`}
        label="Results"
        title="results"
        projectId={card.projectId}
        value={textOf(card, 'results')?.text ?? ''}
        editable={editable}
        onSave={text('results')}
      />
      <PlainField
        key={`keyLearnings-${card.id}`}
        label="Key learnings"
        title="key learnings"
        multiline
        value={experiment.keyLearnings}
        max={LIMITS.keyLearningsMax}
        disabled={!editable}
        placeholder="What will you do differently?"
        onSave={(keyLearnings) => patch({ keyLearnings })}
      />
    </Stack>
  );
}
