import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PORTAL_MESSAGES } from '@assay/domain';
import { renderWithProviders } from '../../test/render.tsx';
import { PublicCardEditor } from './public-card-editor.tsx';

const board = {
  board: {
    id: 'b1',
    projectId: 'p1',
    name: 'Roadmap',
    link: 'roadmap',
    shareSetting: 'public',
    image: null,
    imageMediaId: null,
    updatedBy: null,
    updatedAt: '2026-11-23T00:00:00Z',
  },
  categories: [{ id: 'c1', name: 'General', color: 'indigo', rank: 'a0' }],
  sections: [
    {
      key: 'consideration',
      name: 'Under consideration',
      color: 'gray',
      isDefault: true,
      isProtected: true,
      rank: 'a0',
      cardTotal: 0,
    },
    {
      key: 'planned',
      name: 'Planned',
      color: 'blue',
      isDefault: false,
      isProtected: false,
      rank: 'a1',
      cardTotal: 0,
    },
  ],
  cards: [],
  abilities: { manage: true, publish: true },
};

/** Answers the gateway like the server: the board, no public card yet, and saves. */
function server() {
  const saved: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as {
        query: string;
        variables: Record<string, unknown>;
      };
      let data: Record<string, unknown>;
      if (body.query.includes('publicBoard(')) data = { publicBoard: board };
      else if (body.query.includes('publicCard(')) {
        data = {
          publicCard: {
            boardId: 'b1',
            link: 'roadmap',
            shareSetting: 'public',
            canPublish: true,
            publicCard: null,
          },
        };
      } else {
        saved.push(body.variables.i as Record<string, unknown>);
        data = { updatePublicCard: { id: 'pc1' } };
      }
      return new Response(JSON.stringify({ data }), { status: 200 });
    }),
  );
  return saved;
}

function renderEditor() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <PublicCardEditor
        cardId="h1"
        projectId="p1"
        hypothesisTitle="Students cook on Sundays"
        hypothesisSummary="Batch cooking saves time"
        images={[]}
      />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('public card editor', () => {
  it('starts from the hypothesis and publishes the draft with its place on the roadmap', async () => {
    const saved = server();
    renderEditor();
    const title = await screen.findByLabelText(/Public title/);
    expect((title as HTMLInputElement).value).toBe('Students cook on Sundays');
    expect(screen.getByText('Not published')).toBeTruthy();
    fireEvent.change(title, { target: { value: 'Sunday cooks' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      cardId: 'h1',
      action: 'publish',
      categoryId: 'c1',
      content: { title: 'Sunday cooks', summary: 'Batch cooking saves time', figma: null },
    });
  });

  it('refuses a blank title and a design link that is not a Figma file, without saving', async () => {
    const saved = server();
    renderEditor();
    const title = await screen.findByLabelText(/Public title/);
    fireEvent.change(title, { target: { value: '  ' } });
    fireEvent.change(screen.getByLabelText('Design-file link'), {
      target: { value: 'https://example.com/file/abc' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('The title can not be left blank.')).toBeTruthy();
    expect(screen.getByText(PORTAL_MESSAGES.figmaUrl)).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
