import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PROJECT_SETTINGS } from '@assay/domain';
import { generationKeys } from '../../../api/generation.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { CanvasData } from '../api/canvas.ts';
import { boardCard } from './board-card.fixture.ts';
import { BusinessView, useBusinessFirstScreen } from './business-view.tsx';

const projectId = '00000000-0000-4000-8000-0000000000aa';

const canvas: CanvasData = {
  project: {
    id: projectId,
    name: 'Breakfast club',
    prioritization: 'none',
    settings: DEFAULT_PROJECT_SETTINGS,
    canvas: {
      type: 'businessModel',
      templateId: null,
      locked: false,
      sections: [
        {
          key: 'customerSegments',
          name: 'Customer Segments',
          defaultName: 'Customer Segments',
          lens: null,
          hidden: false,
        },
      ],
    },
    customFields: [],
    abilities: { manage: false, createCards: true, createEvidence: true },
  },
  cards: [
    boardCard({
      id: '00000000-0000-4000-8000-0000000000c1',
      title: 'Parents skip breakfast on school days',
    }),
  ],
};

/** The answers the canvas's first screen waits for, as the server would give them. */
function answer(client: QueryClient, data: CanvasData, agent: boolean) {
  client.setQueryData(generationKeys.limits, {
    allowance: 10,
    count: 0,
    expiresAt: null,
    frequencyTimeRemaining: 0,
    enabled: agent,
    provider: 'builtIn',
  });
  client.setQueryData(queryKeys.testNext(projectId, 3), []);
  client.setQueryData(generationKeys.project(projectId), {
    projectId,
    generation: null,
    projectData: null,
    marketData: null,
    petalDiagram: null,
    limits: { allowance: 10, count: 0, expiresAt: null, frequencyTimeRemaining: 0 },
    abilities: { generate: agent, regenerateMarket: false, customPrompts: false },
  });
  client.setQueryData(queryKeys.canvas(projectId, {}), data);
}

/** The view as the workspace page draws it: the page reads the first screen and hands it down. */
function View(props: { agent: boolean }) {
  const screen = useBusinessFirstScreen(projectId, {});
  return (
    <BusinessView
      agent={props.agent}
      experiments
      projectId={projectId}
      filters={{}}
      setFilters={() => undefined}
      screen={screen}
    />
  );
}

function renderView(client: QueryClient, agent: boolean) {
  renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/workspace/${projectId}/canvas/business`]}>
        <View agent={agent} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the business canvas', () => {
  beforeEach(() => {
    localStorage.clear();
    // Every answer is handed over by the test, all at once.
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('draws the agent’s banner before the board, never after it (it would push the board down)', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderView(client, true);
    expect(screen.getByLabelText('Loading canvas')).toBeTruthy();
    // Each change to the page: whenever a card is on it, the banner must be too.
    const cardWithoutBanner: string[] = [];
    let bannerBeforeBoard = false;
    const observer = new MutationObserver(() => {
      const card = document.querySelector('[data-testid="board-card"]');
      const banner = document.querySelector('[data-testid="project-generation"]');
      if (card && !banner) cardWithoutBanner.push('a card drawn without the banner');
      if (banner && !document.querySelector('[data-testid^="section-"]')) bannerBeforeBoard = true;
    });
    observer.observe(document.body, { subtree: true, childList: true });
    act(() => answer(client, canvas, true));
    await screen.findByText('Parents skip breakfast on school days');
    observer.disconnect();
    expect(screen.getByText('Draft it with the AI agent')).toBeTruthy();
    expect(cardWithoutBanner).toEqual([]);
    // The board comes in a render of its own, after what sits above it (#53).
    expect(bannerBeforeBoard).toBe(true);
  });

  it('draws its first screen when the page says it is ready, not on its own reading', () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // Every answer here already: a view reading them itself would draw at once, while the page's
    // header, ready a render later, had yet to add its actions above it (#53: a layout shift).
    answer(client, canvas, true);
    function NotYet() {
      const read = useBusinessFirstScreen(projectId, {});
      return (
        <BusinessView
          agent
          experiments
          projectId={projectId}
          filters={{}}
          setFilters={() => undefined}
          screen={{ ...read, ready: false }}
        />
      );
    }
    renderWithProviders(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/workspace/${projectId}/canvas/business`]}>
          <NotYet />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByLabelText('Loading canvas')).toBeTruthy();
    expect(screen.queryByTestId('canvas-count')).toBeNull();
    expect(screen.queryByTestId('project-generation')).toBeNull();
  });

  it("changes the canvas type from a manager's native select", async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', (_url: string, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body ?? 'null')));
      return new Promise(() => undefined);
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const managed: CanvasData = {
      ...canvas,
      project: { ...canvas.project, abilities: { ...canvas.project.abilities, manage: true } },
    };
    answer(client, managed, false);
    client.setQueryData(['workspace', 'canvas-templates'], []);
    renderView(client, false);
    const type = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Canvas type' });
    expect(type.value).toBe('businessModel');
    fireEvent.change(type, { target: { value: 'lean' } });
    expect(sent).toContainEqual(
      expect.objectContaining({ variables: { i: { projectId, type: 'lean' } } }),
    );
  });
});
