import { DndContext } from '@dnd-kit/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import type { BoardCard } from '../api/canvas.ts';
import { SectionColumn } from './section-column.tsx';

const cards: BoardCard[] = Array.from({ length: 60 }, (_, i) => ({
  id: `c${i}`,
  title: `Hypothesis ${i + 1}`,
  draft: false,
  version: 1,
  tags: [],
  viewed: true,
  section: 'channels',
  rank: `a${String(i).padStart(2, '0')}`,
  businessStatus: 'inTesting',
  result: 'none',
  risky: false,
  productStatus: null,
  canEdit: true,
}));

describe('a section of a board', () => {
  it('draws every card of a long section, in order, the first ones with the page', async () => {
    renderWithProviders(
      <DndContext>
        <SectionColumn sectionKey="channels" name="Channels" cards={cards} onOpen={vi.fn()} />
      </DndContext>,
    );
    // The count says the whole section at once, while the cards below the first follow.
    expect(screen.getByTestId('section-count').textContent).toBe('60');
    expect(screen.getAllByTestId('board-card')[0]?.getAttribute('aria-label')).toBe('Hypothesis 1');
    await waitFor(() => expect(screen.getAllByTestId('board-card')).toHaveLength(60));
    expect(screen.getAllByTestId('board-card').map((c) => c.getAttribute('data-card-id'))).toEqual(
      cards.map((c) => c.id),
    );
  });
});
