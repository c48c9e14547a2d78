/** Tags on a card: each added or removed at once through REST, put back if the server refuses. */
import { TagsInput } from '@mantine/core';
import { setCardTag, type CardDetail } from '../api/card.ts';
import { useCardWriter } from '../hooks/use-card-writer.ts';

export function CardTags(props: { card: CardDetail }) {
  const { card } = props;
  const { write } = useCardWriter(card.id);
  return (
    <TagsInput
      label="Tags"
      value={card.tags}
      disabled={!card.abilities.edit}
      maxTags={100}
      clearable={false}
      onChange={(next) => {
        for (const tag of next.filter((t) => !card.tags.includes(t))) {
          void write(() => setCardTag(card.id, tag, true), {
            optimistic: (c) => ({ ...c, tags: [...new Set([...c.tags, tag])] }),
            views: true,
          }).catch(() => undefined);
        }
        for (const tag of card.tags.filter((t) => !next.includes(t))) {
          void write(() => setCardTag(card.id, tag, false), {
            optimistic: (c) => ({ ...c, tags: c.tags.filter((t) => t !== tag) }),
            views: true,
          }).catch(() => undefined);
        }
      }}
    />
  );
}
