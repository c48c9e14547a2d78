import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CharCounter } from './char-counter.tsx';

const show = (length: number) =>
  render(
    <MantineProvider>
      <CharCounter length={length} max={100} showAt={20} title="title" />
    </MantineProvider>,
  );

describe('character counter', () => {
  it('stays hidden until 20 are left, then counts down, then names the limit', () => {
    show(79);
    expect(screen.queryByTestId('char-counter')).toBeNull();
  });
  it('counts the characters left near the limit', () => {
    show(85);
    expect(screen.getByTestId('char-counter').textContent).toBe('15 characters left');
  });
  it('says the title must be shorter when over', () => {
    show(101);
    expect(screen.getByRole('alert').textContent).toBe(
      'The title must be less than 100 characters',
    );
  });
});
