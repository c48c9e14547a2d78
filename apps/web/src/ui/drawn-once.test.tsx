import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDrawnOnce } from './drawn-once.ts';

function Host(props: { opened: boolean }) {
  const drawn = useDrawnOnce(props.opened);
  return drawn ? <div data-testid="drawer">{props.opened ? 'open' : 'closed'}</div> : null;
}

describe('useDrawnOnce', () => {
  it('draws nothing until the first opening, then keeps it drawn while closed', () => {
    const view = render(<Host opened={false} />);
    expect(screen.queryByTestId('drawer')).toBeNull();
    view.rerender(<Host opened={false} />);
    expect(screen.queryByTestId('drawer')).toBeNull();
    view.rerender(<Host opened />);
    expect(screen.getByTestId('drawer').textContent).toBe('open');
    view.rerender(<Host opened={false} />);
    expect(screen.getByTestId('drawer').textContent).toBe('closed');
  });

  it('draws at once what starts open', () => {
    render(<Host opened />);
    expect(screen.getByTestId('drawer').textContent).toBe('open');
  });
});
