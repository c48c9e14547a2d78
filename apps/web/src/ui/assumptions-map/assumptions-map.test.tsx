import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AssumptionPoint, AssumptionsMapData } from '../../api/assumptions.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { AssumptionsMap } from './assumptions-map.tsx';

const untested = {
  score: 0,
  state: 'untested' as const,
  confirming: 0,
  disconfirming: 0,
  evidence: 0,
  people: 0,
};
const point = (over: Partial<AssumptionPoint>): AssumptionPoint => ({
  id: 'a',
  title: 'Clinics want it',
  section: 'customerSegments',
  tags: [],
  members: [],
  risky: false,
  draft: false,
  version: 1,
  canEdit: false,
  importance: 0.65,
  importanceSet: false,
  evidence: 0,
  quadrant: 'testNow',
  confidence: untested,
  ...over,
});

const data: AssumptionsMapData = {
  sections: [
    { key: 'customerSegments', name: 'Customer Segments' },
    { key: 'keyResources', name: 'Key Resources' },
  ],
  people: [],
  points: [
    point({}),
    point({
      id: 'b',
      title: 'Deposits prove demand',
      evidence: 0.67,
      quadrant: 'validated',
      confidence: { ...untested, state: 'supported', score: 0.67, confirming: 4, evidence: 1 },
    }),
    point({
      id: 'c',
      title: 'We need a lab',
      section: 'keyResources',
      importance: 0.35,
      quadrant: 'deprioritised',
    }),
  ],
};

const show = (onOpen: (id: string) => void) =>
  renderWithProviders(
    <QueryClientProvider client={new QueryClient()}>
      <AssumptionsMap projectId="p" data={data} onOpen={onOpen} />
    </QueryClientProvider>,
  );

describe('the assumptions map', () => {
  it('places each hypothesis as a dot that says where it is and why, and lists the quadrants in words', () => {
    show(vi.fn());
    const dots = screen.getAllByTestId('map-dot');
    expect(dots).toHaveLength(3);
    expect(dots[1]!.getAttribute('aria-label')).toBe(
      'Deposits prove demand: Validated. Matters 65 of 100 (from its section and risk). Supported: 1 piece of rated evidence: for 4.0, against 0.0, score 0.67. What people pay and do weighs more than what they say; old evidence fades.',
    );
    expect(screen.getByTestId('quadrant-testNow').textContent).toContain('Test now (1)');
    expect(screen.getByTestId('quadrant-deprioritised').textContent).toContain('We need a lab');
    expect(screen.getByTestId('quadrant-keepTesting').textContent).toContain('None.');
  });

  it('opens a card with Enter and leaves a read-only dot where it is', () => {
    const onOpen = vi.fn();
    show(onOpen);
    const dot = screen.getAllByTestId('map-dot')[2]!;
    fireEvent.keyDown(dot, { key: 'ArrowUp' });
    expect(dot.dataset.importance).toBe('0.35');
    fireEvent.keyDown(dot, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledWith('c');
  });

  it('filters by section with a native select, and "All sections" shows every dot again', () => {
    show(vi.fn());
    const section = screen.getByLabelText<HTMLSelectElement>('Section');
    expect(section.tagName).toBe('SELECT');
    expect([...section.options].map((o) => o.text)).toEqual([
      'All sections',
      'Customer Segments',
      'Key Resources',
    ]);
    fireEvent.change(section, { target: { value: 'keyResources' } });
    expect(screen.getAllByTestId('map-dot')).toHaveLength(1);
    expect(screen.getByTestId('quadrant-testNow').textContent).toContain('Test now (0)');
    fireEvent.change(section, { target: { value: '' } });
    expect(screen.getAllByTestId('map-dot')).toHaveLength(3);
  });
});
