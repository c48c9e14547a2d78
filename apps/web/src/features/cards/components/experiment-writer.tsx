/**
 * Writing an experiment's fields from its tabs: each change goes through the card's write queue;
 * a rich-text field of the experiment saves itself the same way.
 */
import {
  updateExperiment,
  updateText,
  type CardDetail,
  type ExperimentDetail,
  type ExperimentPatch,
} from '../api/card.ts';
import { useCardWriter } from '../hooks/use-card-writer.ts';
import { RichTextField } from './rich-text-field.tsx';

export function useExperimentWriter(card: CardDetail) {
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

export const textOf = (card: CardDetail, field: string) =>
  card.texts.find((t) => t.field === field) ?? null;

/** One of the experiment's rich-text fields (statement, plan, insights, results), saved as typed. */
export function ExperimentText(props: {
  card: CardDetail;
  field: string;
  label: string;
  placeholder?: string;
  onUploadImage?: (file: File) => Promise<string>;
}) {
  const { card, field } = props;
  const { text } = useExperimentWriter(card);
  return (
    <RichTextField
      key={`${field}-${card.id}`}
      label={props.label}
      title={field}
      projectId={card.projectId}
      value={textOf(card, field)?.text ?? ''}
      editable={card.abilities.edit}
      placeholder={props.placeholder}
      onSave={text(field)}
      onUploadImage={props.onUploadImage}
    />
  );
}
