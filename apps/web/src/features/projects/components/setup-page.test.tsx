import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  INITIAL_ONBOARDING,
  onboardingSequence,
  TIMERS,
  type OnboardingState,
  type OnboardingStep,
} from '@assay/domain';
import { rememberContactAddresses } from '../../../api/contact.ts';
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

  it('gives every question step its tooltip and a help link from the configuration (#48 item 3)', async () => {
    rememberContactAddresses({
      contact: { support: 's@x.example', sales: 'p@x.example', help: 'https://help.x.example/go' },
    });
    const features = ['productHypotheses', 'missionModelCanvas', 'experiments', 'glidrai'];
    vi.stubGlobal('fetch', async () => {
      const organization = { license: 'business', features };
      return new Response(JSON.stringify({ data: { fullOrganization: organization } }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    // The advanced type with both canvases asks every question there is.
    const everything: OnboardingState = {
      ...INITIAL_ONBOARDING,
      onboardingType: 'advanced',
      selectedOptions: { productCanvas: true, businessCanvas: true },
    };
    const steps = onboardingSequence(everything, {
      license: 'business',
      canCreateProjects: true,
      allows: (f) => features.includes(f),
    }).filter((s): s is Exclude<OnboardingStep, 'introduction'> => s !== 'introduction');
    expect(steps).toEqual([
      'onboardingType',
      'canvasType',
      'workflow',
      'prioritization',
      'businessCanvasKind',
      'experiments',
      'publicPortal',
      'nativeIntegrations',
      'otherTools',
      'projectGeneration',
    ]);
    for (const step of steps) {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      client.setQueryData(['bootstrap'], {
        organization: { id: 'o1', license: 'business', features },
        membership: { profileId: 'p1', role: 'owner' },
      });
      const view = renderWithProviders(
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <SetupPage initial={{ ...everything, currentOnboardingStep: step }} />
          </MemoryRouter>
        </QueryClientProvider>,
      );
      const heading = await screen.findByRole('heading', { level: 2 });
      const about = screen.getByRole('button', { name: `About: ${heading.textContent}` });
      // Read out without hovering, and shown on hover after the spec's tooltip delay (1 s).
      const description = about.getAttribute('aria-description') ?? '';
      expect(description.length, step).toBeGreaterThan(20);
      if (step === 'onboardingType') {
        fireEvent.mouseEnter(about);
        const tooltip = await screen.findByRole(
          'tooltip',
          {},
          { timeout: TIMERS.tooltipDelayMs * 3 },
        );
        expect(tooltip.textContent).toBe(description);
      }
      expect(screen.getByRole('link', { name: 'Help' }).getAttribute('href')).toBe(
        `https://help.x.example/go#${step}`,
      );
      view.unmount();
    }
  });

  it('shows the introduction alone when the organisation’s scope leaves out the questions (§6)', async () => {
    vi.stubGlobal('fetch', async () => {
      const organization = { license: 'business', features: [], scope: ['default'] };
      return new Response(JSON.stringify({ data: { fullOrganization: organization } }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['bootstrap'], {
      organization: { id: 'o1', license: 'business', features: [], scope: ['default'] },
      membership: { profileId: 'p1', role: 'owner' },
    });
    renderWithProviders(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SetupPage initial={{ ...INITIAL_ONBOARDING, currentOnboardingStep: 'canvasType' }} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByRole('heading', { name: "Welcome, let's get started!" });
    expect(screen.getByText('Step 1 of 1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Finish' })).toBeTruthy();
  });
});
