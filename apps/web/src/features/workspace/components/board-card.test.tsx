import { DndContext } from '@dnd-kit/core';
import { SortableContext } from '@dnd-kit/sortable';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import type { BoardCard } from '../api/canvas.ts';
import { SortableBoardCard } from './board-card.tsx';
import { boardCard } from './board-card.fixture.ts';

function show(board: BoardCard, onOpen = vi.fn()) {
  renderWithProviders(
    <DndContext>
      <SortableContext items={[board.id]}>
        <SortableBoardCard card={board} onOpen={onOpen} />
      </SortableContext>
    </DndContext>,
  );
  return onOpen;
}

describe('a card on the board', () => {
  it('is read-only for a viewer, not disabled: it opens by keyboard and says so to screen readers', () => {
    const onOpen = show(boardCard({ canEdit: false }));
    const element = screen.getByTestId('board-card');
    expect(element.getAttribute('aria-disabled')).toBeNull();
    expect(element.getAttribute('aria-roledescription')).toBe('card');
    expect(element.getAttribute('tabindex')).toBe('0');
    fireEvent.keyDown(element, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledWith('c1');
  });

  it('is sortable for an editor and unavailable only while it is being saved', () => {
    show(boardCard({ id: 'c2', pending: true }));
    const element = screen.getByTestId('board-card');
    expect(element.getAttribute('aria-disabled')).toBe('true');
    expect(element.getAttribute('aria-roledescription')).toBe('sortable');
  });

  it('shows what its evidence says as a dot by its state, with the figures on hover', () => {
    show(
      boardCard({
        confidence: {
          score: 0.56,
          state: 'supported',
          confirming: 6,
          disconfirming: 1,
          evidence: 3,
          people: 0,
        },
      }),
    );
    const dot = screen.getByTestId('card-confidence');
    expect(dot.dataset.state).toBe('supported');
    expect(dot.getAttribute('title')).toBe(
      'Supported. 3 pieces of rated evidence: for 6.0, against 1.0, score 0.56. What people pay and do weighs more than what they say; old evidence fades.',
    );
  });

  it('counts what is connected to it, and says nothing when nothing is', () => {
    show(boardCard({ links: { evidence: 3, experiments: 1 } }));
    expect(screen.getByTestId('card-links').textContent).toBe('3 evidence · 1 experiment');
  });

  it('has no counts without connections', () => {
    show(boardCard({ id: 'c3', links: { evidence: 0, experiments: 0 } }));
    expect(screen.queryByTestId('card-links')).toBeNull();
  });
});
