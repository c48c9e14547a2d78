import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { termsFor } from '@assay/domain';
import { renderWithProviders } from '../../../test/render.tsx';
import { CreateProjectModal, draftKey } from './create-project-modal.tsx';

const organizationId = '00000000-0000-4000-8000-000000000001';
const defaultsKey = ['organization', 'project-defaults'];

function renderModal(client: QueryClient) {
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CreateProjectModal opened onClose={() => undefined} terms={termsFor('business')} isOwner />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function clientWithBootstrap() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['bootstrap'], { organization: { id: organizationId } });
  return client;
}

describe('new project dialog', () => {
  beforeEach(() => {
    localStorage.clear();
    // The organisation's defaults and the agent's limits are still on their way.
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps what is typed when the organisation defaults arrive after it, and takes their language', async () => {
    const client = clientWithBootstrap();
    renderModal(client);
    const name = await screen.findByLabelText(/^Name/);
    fireEvent.change(name, { target: { value: 'Breakfast club' } });
    client.setQueryData(defaultsKey, { generate: true, language: 'es-US' });
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Language' }) as HTMLInputElement).value).toBe(
        'Español (US)',
      ),
    );
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Breakfast club');
    expect(JSON.parse(localStorage.getItem(draftKey(organizationId)) ?? '{}')).toMatchObject({
      name: 'Breakfast club',
      language: 'es-US',
    });
  });

  it('opens on the saved draft, whose language wins over the default', async () => {
    localStorage.setItem(
      draftKey(organizationId),
      JSON.stringify({ name: 'Stockly', description: 'Paper counts', language: 'fr-FR' }),
    );
    const client = clientWithBootstrap();
    renderModal(client);
    expect(((await screen.findByLabelText(/^Name/)) as HTMLInputElement).value).toBe('Stockly');
    client.setQueryData(defaultsKey, { generate: true, language: 'es-US' });
    await waitFor(() => expect(client.getQueryData(defaultsKey)).toBeTruthy());
    expect((screen.getByRole('combobox', { name: 'Language' }) as HTMLInputElement).value).toBe(
      'Français',
    );
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe(
      'Paper counts',
    );
  });
});
