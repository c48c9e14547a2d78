/** The details tab of a hypothesis: text, status, result, risk, type, members, tags, custom fields. */
import { ReviewBox } from './review-box.tsx';
import { SegmentedControl, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import {
  BUSINESS_STATUS_LABELS,
  BUSINESS_STATUSES,
  HYPOTHESIS_RESULT_LABELS,
  HYPOTHESIS_RESULTS,
  LIMITS,
  REASON_TOO_LONG,
  termsFor,
  type License,
} from '@assay/domain';
import { queueCardWrite } from '../../../api/card-writes.ts';
import {
  moveCardTo,
  updateHypothesis,
  updateText,
  type CardDetail,
  type HypothesisPatch,
} from '../api/card.ts';
import type { CardProject } from '../api/card-project.ts';
import { useCardWriter } from '../hooks/use-card-writer.ts';
import { CardFields } from './card-fields.tsx';
import { CardMediaSection, uploadImageForCard } from './card-media.tsx';
import { CardTags } from './card-tags.tsx';
import { DesignFileField } from './design-file.tsx';
import { WorkTracking } from './work-tracking.tsx';
import { MembersSelect } from './members-select.tsx';
import { PlainField } from './plain-field.tsx';
import { RichTextField } from './rich-text-field.tsx';

export function HypothesisDetails(props: {
  card: CardDetail;
  project: CardProject | undefined;
  license: License | undefined;
}) {
  const { card, project } = props;
  const hypothesis = card.hypothesis;
  const { write } = useCardWriter(card.id);
  const editable = card.abilities.edit;
  if (!hypothesis) return null;
  const terms = termsFor(props.license);

  const patch = (
    change: HypothesisPatch,
    optimistic?: (c: CardDetail) => CardDetail,
    views = true,
  ) => write((c) => updateHypothesis(c, change), { optimistic, views }).catch(() => undefined);
  const withHypothesis = (c: CardDetail, h: Partial<NonNullable<CardDetail['hypothesis']>>) => ({
    ...c,
    hypothesis: c.hypothesis ? { ...c.hypothesis, ...h } : null,
  });
  const description = card.texts.find((t) => t.field === 'description');
  const reason = hypothesis.result.reason ?? '';

  return (
    <Stack gap="md">
      {project?.cohortId ? <ReviewBox card={card} /> : null}
      {/* Side by side on a wide screen, one above the other on a phone (#32). */}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label="Status"
          data={BUSINESS_STATUSES.map((s) => ({ value: s, label: BUSINESS_STATUS_LABELS[s] }))}
          value={hypothesis.businessStatus}
          disabled={!editable}
          allowDeselect={false}
          onChange={(value) =>
            value &&
            void patch({ businessStatus: value }, (c) =>
              withHypothesis(c, { businessStatus: value as 'inTesting' }),
            )
          }
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            Type
          </Text>
          <SegmentedControl
            fullWidth
            disabled={!editable}
            value={hypothesis.type}
            data={[
              {
                value: 'business',
                label: 'Business hypothesis',
                disabled: project?.settings.businessHypotheses === false,
              },
              {
                value: 'product',
                label: `Product ${terms.hypothesis.toLowerCase()}`,
                disabled: project?.settings.productHypotheses === false,
              },
            ]}
            onChange={(value) =>
              void patch({ hypothesisType: value as 'business' }, (c) =>
                withHypothesis(c, { type: value as 'business' }),
              )
            }
          />
        </div>
      </SimpleGrid>

      <div>
        <Text size="sm" fw={500} mb={4}>
          Result
        </Text>
        <SegmentedControl
          disabled={!editable}
          value={hypothesis.result.result}
          data={HYPOTHESIS_RESULTS.map((r) => ({ value: r, label: HYPOTHESIS_RESULT_LABELS[r] }))}
          onChange={(value) =>
            void patch({ result: value }, (c) =>
              withHypothesis(c, { result: { ...hypothesis.result, result: value as 'none' } }),
            )
          }
        />
      </div>
      {hypothesis.result.result !== 'none' ? (
        <PlainField
          key={`reason-${card.id}`}
          label="Why?"
          title="reason"
          value={reason}
          max={LIMITS.reasonMax - 1}
          multiline
          disabled={!editable}
          placeholder="What did you learn that settles it?"
          onSave={(value) => write((c) => updateHypothesis(c, { resultReason: value }))}
        />
      ) : null}
      {reason.length >= LIMITS.reasonMax ? (
        <Text c="red" size="xs">
          {REASON_TOO_LONG}
        </Text>
      ) : null}

      {/* Its room is kept while the project's sections load, so nothing under it moves (#28). */}
      {hypothesis.type === 'business' && (project === undefined || project.canvas) ? (
        <Select
          label="Canvas section"
          description="Where it sits on the canvas: the same as dragging it there."
          disabled={!editable || !project?.canvas}
          allowDeselect={false}
          data={project?.canvas?.sections.map((s) => ({ value: s.key, label: s.name })) ?? []}
          value={hypothesis.canvas.section}
          onChange={(section) => {
            if (!section || section === hypothesis.canvas.section) return;
            void write(
              (c) =>
                queueCardWrite(c.id, c.version, (version) =>
                  moveCardTo(c.id, version, 'canvas', section),
                ),
              { views: true },
            ).catch(() => undefined);
          }}
        />
      ) : null}

      <Switch
        label="Risky (add to the risky list)"
        checked={hypothesis.risky}
        disabled={!editable}
        onChange={(event) => {
          const risky = event.currentTarget.checked;
          void patch({ risky }, (c) => withHypothesis(c, { risky }));
        }}
      />

      <PlainField
        key={`summary-${card.id}`}
        label="Summary"
        title="summary"
        value={hypothesis.summary}
        max={LIMITS.textFieldMax}
        multiline
        disabled={!editable}
        onSave={(value) => write((c) => updateHypothesis(c, { summary: value }))}
      />
      <RichTextField
        key={`description-${card.id}`}
        label="Description"
        title="description"
        projectId={card.projectId}
        value={description?.text ?? ''}
        editable={editable}
        placeholder="Describe the hypothesis. Type @ to mention someone."
        onSave={(value) =>
          write((c) => updateText(c, 'description', value.text, value.rawText, value.mentions))
        }
        onUploadImage={(file) => uploadImageForCard(card.id, file)}
      />

      <CardMediaSection card={card} />
      <DesignFileField card={card} editable={editable} />
      <WorkTracking card={card} editable={editable} />
      <CardTags card={card} />

      <MembersSelect
        value={hypothesis.members}
        disabled={!editable}
        onChange={(members) => void patch({ members }, undefined, false)}
      />

      <CardFields card={card} fields={project?.customFields ?? []} />
    </Stack>
  );
}
