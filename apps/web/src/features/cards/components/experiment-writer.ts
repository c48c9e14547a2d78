/** Writing an experiment's fields from its tabs: each change goes through the card's write queue. */
import {
  updateExperiment,
  updateText,
  type CardDetail,
  type ExperimentDetail,
  type ExperimentPatch,
} from '../api/card.ts';
import { useCardWriter } from '../hooks/use-card-writer.ts';

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
