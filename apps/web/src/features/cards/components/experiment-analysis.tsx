/** An experiment's last two phases (part 2 §2 Experiment): analysing the results, and the completed experiment's learnings. */
import { Group, Paper, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { LIMITS } from '@assay/domain';
import { type CardDetail, type ExperimentAnalysis } from '../api/card.ts';
import { PlainField } from './plain-field.tsx';
import { useExperimentWriter } from './experiment-writer.tsx';
import { ExperimentText } from './experiment-writer.tsx';
import { CardAgentPanel } from '../../../ui/agent/card-agent-panel.tsx';

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
  const { patch } = useExperimentWriter(card);
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
      <ExperimentText
        key={`keyInsights-${card.id}`}
        card={card}
        field="keyInsights"
        label="Key insights"
      />
    </Stack>
  );
}

export function ExperimentComplete(props: { card: CardDetail }) {
  const { card } = props;
  const experiment = card.experiment;
  const { patch } = useExperimentWriter(card);
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
      <ExperimentText key={`results-${card.id}`} card={card} field="results" label="Results" />
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
      {experiment.phase.phase === 'complete' ? (
        // Completing an experiment offers the agent's reading of its results (#49 item 5).
        <CardAgentPanel
          cardId={card.id}
          intro="The experiment is complete: the agent can read its results and key learnings against your hypotheses, with a quote for each."
        />
      ) : null}
    </Stack>
  );
}
