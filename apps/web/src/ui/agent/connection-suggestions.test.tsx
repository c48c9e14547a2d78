import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ConnectionSuggestions } from './connection-suggestions.tsx';

describe('a suggested connection', () => {
  it('marks its quote within the evidence’s words around it (#49 item 4)', () => {
    renderWithProviders(
      <MemoryRouter>
        <ConnectionSuggestions
          decide={vi.fn()}
          suggestions={[
            {
              id: 's1',
              hypothesisId: 'h1',
              title: 'Owners spend hours counting stock',
              score: 1,
              path: '/card/h1',
              rating: 2,
              quote: 'She spends about 4 hours every Sunday counting stock.',
              before: '…who owns two pizzerias. ',
              after: ' She tried an app once…',
              reason: 'Time she already spends, every week.',
            },
          ]}
        />
      </MemoryRouter>,
    );
    const shown = screen.getByTestId('suggestion-quote');
    expect(shown.textContent).toBe(
      '…who owns two pizzerias. She spends about 4 hours every Sunday counting stock. She tried an app once…',
    );
    expect(shown.querySelector('mark')?.textContent).toBe(
      'She spends about 4 hours every Sunday counting stock.',
    );
  });
});
