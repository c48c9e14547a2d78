/** Characters left, shown near the limit: yellow while some are left, red at or over it. */
import { Text } from '@mantine/core';
import { editorTooLongMessage } from '@assay/domain';

export function CharCounter(props: { length: number; max: number; showAt: number; title: string }) {
  const left = props.max - props.length;
  if (left > props.showAt) return null;
  const over = left < 0;
  return (
    <Text
      size="xs"
      c={left > 0 ? 'yellow.8' : 'red'}
      data-testid="char-counter"
      role={over ? 'alert' : undefined}
    >
      {over ? editorTooLongMessage(props.title, props.max) : `${left} characters left`}
    </Text>
  );
}
