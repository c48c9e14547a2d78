/** Custom field values on a card: optimistic, reverted on failure; dropdowns offer current options. */
import { Checkbox, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { ProjectCustomField } from '@assay/domain';
import { updateHypothesis, type CardDetail } from '../api/card.ts';
import { useCardWriter } from '../hooks/use-card-writer.ts';

type Value = string | number | boolean | null;

export function CardFields(props: { card: CardDetail; fields: ProjectCustomField[] }) {
  const { write } = useCardWriter(props.card.id);
  const fields = props.fields.filter((f) => !f.disabled);
  if (fields.length === 0) return null;
  const editable = props.card.abilities.edit;
  const set = (id: string, value: Value) =>
    void write((c) => updateHypothesis(c, { fields: { [id]: value } }), {
      optimistic: (c) => ({ ...c, fields: { ...c.fields, [id]: value } }),
    }).catch(() => undefined);

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} aria-label="Custom fields">
      {fields.map((field) => {
        const value = props.card.fields[field.id] ?? null;
        switch (field.type) {
          case 'dropdown':
            return (
              <Select
                key={field.id}
                label={field.title}
                disabled={!editable}
                clearable
                data={field.specifications.options}
                value={typeof value === 'string' ? value : null}
                onChange={(v) => set(field.id, v)}
              />
            );
          case 'number':
            return (
              <NumberInput
                key={field.id}
                label={field.title}
                disabled={!editable}
                // The organisation's bounds (the server refuses a value outside them too).
                min={field.metrics?.min ?? undefined}
                max={field.metrics?.max ?? undefined}
                clampBehavior="none"
                value={typeof value === 'number' ? value : ''}
                onBlur={(e) => {
                  const n = e.currentTarget.value === '' ? null : Number(e.currentTarget.value);
                  if (n !== value && (n === null || Number.isFinite(n))) set(field.id, n);
                }}
              />
            );
          case 'checkbox':
            return (
              <Checkbox
                key={field.id}
                mt="lg"
                label={field.title}
                disabled={!editable}
                checked={value === true}
                onChange={(e) => set(field.id, e.currentTarget.checked)}
              />
            );
          case 'date':
            return (
              <TextInput
                key={field.id}
                type="date"
                label={field.title}
                disabled={!editable}
                defaultValue={typeof value === 'string' ? value.slice(0, 10) : ''}
                onBlur={(e) => {
                  const v = e.currentTarget.value || null;
                  if (v !== value) set(field.id, v);
                }}
              />
            );
          default:
            return (
              <TextInput
                key={field.id}
                label={field.title}
                disabled={!editable}
                defaultValue={typeof value === 'string' ? value : ''}
                onBlur={(e) => {
                  const v = e.currentTarget.value;
                  if (v !== (value ?? '')) set(field.id, v);
                }}
              />
            );
        }
      })}
    </SimpleGrid>
  );
}
