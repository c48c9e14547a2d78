/**
 * Two or three views of one thing, one chosen (#53): Mantine's SegmentedControl in look, radios
 * underneath (arrow keys move the choice; a label's click chooses it), drawn by CSS alone.
 * Used where a page draws a large board: Mantine's own measures the page as it mounts.
 */
import { useId } from 'react';
import classes from './segmented.module.css';

export interface SegmentedItem<V extends string> {
  value: V;
  label: string;
  disabled?: boolean;
}

export function Segmented<V extends string>(props: {
  value: V;
  onChange: (value: V) => void;
  data: SegmentedItem<V>[];
  size?: 'xs' | 'sm';
  'aria-label'?: string;
}) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label={props['aria-label']}
      className={classes.root}
      data-size={props.size ?? 'sm'}
    >
      {props.data.map((item) => {
        const id = `${name}-${item.value}`;
        const active = item.value === props.value;
        return (
          <div
            key={item.value}
            className={classes.control}
            data-active={active || undefined}
            data-disabled={item.disabled || undefined}
          >
            <input
              className={classes.input}
              type="radio"
              id={id}
              name={name}
              value={item.value}
              checked={active}
              disabled={item.disabled}
              onChange={() => props.onChange(item.value)}
            />
            <label className={classes.label} htmlFor={id}>
              {item.label}
            </label>
          </div>
        );
      })}
    </div>
  );
}
