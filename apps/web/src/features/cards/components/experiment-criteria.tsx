/** An experiment's success criteria (part 2 §2 Experiment): each a metric, a target and, once run, the evidence that met it. */
import {
  ActionIcon,
  Button,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type CardDetail, type SuccessCriterion } from '../api/card.ts';
import { useExperimentWriter } from './experiment-writer.tsx';

function newCriterion(): SuccessCriterion {
  return {
    id: crypto.randomUUID(),
    measurement: '',
    expectation: '',
    achieved: null,
    evidence: [],
  };
}

export function CriteriaEditor(props: { card: CardDetail; withEvidence: boolean }) {
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
