import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useStagedParts } from './staged.ts';

/** Records every number of parts it was rendered with, in order. */
function Parts(props: { parts: number; ready?: boolean; seen: number[] }) {
  const shown = useStagedParts(props.parts, props.ready);
  props.seen.push(shown);
  return <p data-testid="shown">{shown}</p>;
}

function Gate(props: { seen: number[] }) {
  const [ready, setReady] = useState(false);
  return (
    <>
      <button onClick={() => setReady(true)}>ready</button>
      <Parts parts={3} ready={ready} seen={props.seen} />
    </>
  );
}

describe('a screen drawn in parts', () => {
  it('shows the first part at once, then each next one in a later render, up to the last', async () => {
    const seen: number[] = [];
    render(<Parts parts={4} seen={seen} />);
    expect(seen[0]).toBe(1);
    await waitFor(() => expect(screen.getByTestId('shown').textContent).toBe('4'));
    // One part more each time, never two at once, and never past the last.
    const distinct = seen.filter((n, i) => n !== seen[i - 1]);
    expect(distinct).toEqual([1, 2, 3, 4]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId('shown').textContent).toBe('4');
  });

  it('shows nothing until what the parts need is ready, then starts from the first', async () => {
    const seen: number[] = [];
    render(<Gate seen={seen} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId('shown').textContent).toBe('0');
    act(() => screen.getByText('ready').click());
    await waitFor(() => expect(screen.getByTestId('shown').textContent).toBe('3'));
    expect(seen.filter((n, i) => n !== seen[i - 1])).toEqual([0, 1, 2, 3]);
  });
});
