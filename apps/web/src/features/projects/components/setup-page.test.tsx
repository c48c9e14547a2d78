import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INITIAL_ONBOARDING } from '@assay/domain';
import { renderWithProviders } from '../../../test/render.tsx';
import { SetupPage } from './setup-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('project onboarding', () => {
  it('saves the answers one after another, in the order they were given', async () => {
    // The first save is slow to answer; the later ones must wait for it, or a quick Next could
    // reach the server before the answer it follows and leave the profile on an earlier step.
    const patches: unknown[] = [];
    const answers: Array<() => void> = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as { query: string; variables: { p: unknown } };
      if (!body.query.includes('updateProfileOnboarding')) {
        const organization = { license: 'business', features: [] };
        return new Response(JSON.stringify({ data: { fullOrganization: organization } }), {
          headers: { 'content-type': 'application/json' },
        });
      }
      patches.push(body.variables.p);
      await new Promise<void>((resolve) => answers.push(resolve));
      return new Response(JSON.stringify({ data: { updateProfileOnboarding: {} } }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['bootstrap'], {
      organization: { id: 'o1', license: 'business', features: [] },
      membership: { profileId: 'p1', role: 'owner' },
    });
    renderWithProviders(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SetupPage initial={{ ...INITIAL_ONBOARDING, currentOnboardingStep: 'onboardingType' }} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByLabelText(/^Basic/));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Which canvas will you work on?' });

    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({ onboardingType: 'basic' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(patches).toHaveLength(1);
    answers[0]?.();
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1]).toEqual({ currentOnboardingStep: 'canvasType' });
    answers[1]?.();
  });
});
