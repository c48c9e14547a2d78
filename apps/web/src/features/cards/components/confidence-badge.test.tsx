import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { ConfidenceBadge, confidenceSummary } from './confidence-badge.tsx';

describe('confidence badge', () => {
  it('names the state and says the figures behind it', () => {
    const confidence = {
      score: -0.11,
      state: 'contested' as const,
      confirming: 3,
      disconfirming: 4,
      evidence: 8,
      people: 5,
    };
    renderWithProviders(<ConfidenceBadge confidence={confidence} />);
    const badge = screen.getByTestId('confidence');
    expect(badge.textContent).toBe('Contested');
    expect(badge.getAttribute('aria-label')).toContain(
      '8 pieces of rated evidence from 5 people: for 3.0, against 4.0',
    );
    expect(confidenceSummary({ ...confidence, state: 'untested' })).toBe('No rated evidence yet.');
  });

  it('shows nothing on cards without a confidence (evidence, experiments)', () => {
    const { container } = renderWithProviders(<ConfidenceBadge confidence={null} />);
    expect(container.querySelector('[data-testid="confidence"]')).toBeNull();
  });
});
