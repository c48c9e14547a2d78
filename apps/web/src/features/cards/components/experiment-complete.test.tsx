import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import type { CardDetail } from '../api/card.ts';
import { ExperimentComplete } from './experiment-analysis.tsx';

afterEach(() => vi.unstubAllGlobals());

const experimentCard = (phase: string) =>
  ({
    id: 'e1',
    projectId: 'p1',
    type: 'experiment',
    title: 'A paid pickup trial',
    version: 3,
    draft: false,
    texts: [],
    abilities: { edit: true },
    experiment: { phase: { phase }, success: null, keyLearnings: '' },
  }) as unknown as CardDetail;

function show(phase: string) {
  vi.stubGlobal('fetch', async () =>
    Response.json({
      data: {
        cardGeneration: {
          cardId: 'e1',
          completions: {
            interviewQuestions: null,
            keyInsights: null,
            valuePropositionCanvas: null,
            connectionSuggestions: null,
          },
          suggestions: [],
          abilities: { generate: true, completions: ['connectionSuggestions'] },
        },
      },
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ExperimentComplete card={experimentCard(phase)} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a completed experiment', () => {
  it('offers the agent’s reading of its results against the hypotheses (#49 item 5)', async () => {
    show('complete');
    await screen.findByText(/The experiment is complete: the agent can read its results/);
    expect(screen.getByRole('button', { name: 'Suggest connections' })).toBeTruthy();
  });

  it('does not offer it before the experiment is complete', async () => {
    show('analyze');
    await screen.findByText('Key learnings');
    expect(screen.queryByText(/the agent can read its results/)).toBeNull();
  });
});
