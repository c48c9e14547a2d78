import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Segmented } from './segmented.tsx';

function Host(props: { onChange: (value: string) => void }) {
  const [value, setValue] = useState<'board' | 'map' | 'list'>('board');
  return (
    <Segmented
      aria-label="Canvas view"
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
      data={[
        { value: 'board', label: 'Board' },
        { value: 'map', label: 'Assumptions map' },
        { value: 'list', label: 'List', disabled: true },
      ]}
    />
  );
}

describe('Segmented', () => {
  it('is a group of radios: a label chooses its value, a disabled one cannot be chosen', () => {
    const onChange = vi.fn();
    render(<Host onChange={onChange} />);
    const group = screen.getByRole('radiogroup', { name: 'Canvas view' });
    const board = screen.getByRole<HTMLInputElement>('radio', { name: 'Board' });
    const map = screen.getByRole<HTMLInputElement>('radio', { name: 'Assumptions map' });
    expect(board.checked).toBe(true);
    expect(group.querySelector('[data-active]')?.textContent).toBe('Board');
    fireEvent.click(screen.getByText('Assumptions map'));
    expect(onChange).toHaveBeenCalledWith('map');
    expect(map.checked).toBe(true);
    expect(board.checked).toBe(false);
    expect(group.querySelector('[data-active]')?.textContent).toBe('Assumptions map');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'List' }).disabled).toBe(true);
    fireEvent.click(screen.getByText('List'));
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
