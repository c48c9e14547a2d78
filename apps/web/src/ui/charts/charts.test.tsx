import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart } from './bar-chart.tsx';
import { DonutChart } from './donut-chart.tsx';
import { colorVar, countTicks } from './ticks.ts';

describe('countTicks', () => {
  it('counts in whole steps of 1, 2 or 5 times a power of ten, up to the largest count', () => {
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(3)).toEqual([0, 1, 2, 3]);
    expect(countTicks(4)).toEqual([0, 1, 2, 3, 4]);
    expect(countTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(countTicks(23)).toEqual([0, 10, 20, 30]);
    expect(countTicks(1200)).toEqual([0, 500, 1000, 1500]);
    expect(countTicks(2.5)).toEqual([0, 1, 2, 3]);
  });
});

describe('colorVar', () => {
  it('names the stylesheet variable of a Mantine colour', () => {
    expect(colorVar('teal.6')).toBe('var(--mantine-color-teal-6)');
    expect(colorVar('blue')).toBe('var(--mantine-color-blue-filled)');
  });
});

describe('BarChart', () => {
  const data = [
    { project: 'Clinic app', Validated: 4, Invalidated: 1 },
    { project: 'Farm drones', Validated: 0, Invalidated: 2 },
  ];
  const series = [
    { name: 'Validated', color: 'green.6' },
    { name: 'Invalidated', color: 'red.6' },
  ];

  it('is an image named by its title and every figure, with a key for two series', () => {
    render(<BarChart title="Results" h={200} dataKey="project" data={data} series={series} />);
    expect(
      screen.getByRole('img', {
        name: 'Results. Clinic app: 4 Validated, 1 Invalidated; Farm drones: 0 Validated, 2 Invalidated',
      }),
    ).toBeTruthy();
    const chart = screen.getByTestId('bar-chart');
    // The key names each series once; each group's label is under its bars.
    expect(chart.textContent).toContain('ValidatedInvalidated');
    expect(chart.textContent).toContain('Clinic app');
    expect(chart.textContent).toContain('Farm drones');
  });

  it('draws each bar at its share of the axis, which reaches past the largest count', () => {
    render(<BarChart title="Results" h={200} dataKey="project" data={data} series={series} />);
    const bars = [...screen.getByTestId('bar-chart').querySelectorAll<HTMLElement>('[data-value]')];
    expect(bars.map((b) => [b.dataset.value, b.style.height, b.title])).toEqual([
      ['4', '100%', 'Clinic app: 4 Validated'],
      ['1', '25%', 'Clinic app: 1 Invalidated'],
      ['0', '0%', 'Farm drones: 0 Validated'],
      ['2', '50%', 'Farm drones: 2 Invalidated'],
    ]);
    expect(bars[0]?.style.background).toBe('var(--mantine-color-green-6)');
  });

  it('has no key for one series, and labels every second group when there are many', () => {
    const weeks = Array.from({ length: 12 }, (_, i) => ({ week: `w${i + 1}`, Evidence: i }));
    render(
      <BarChart
        title="Evidence per week"
        h={160}
        dataKey="week"
        data={weeks}
        series={[{ name: 'Evidence', color: 'teal.6' }]}
      />,
    );
    const chart = screen.getByTestId('bar-chart');
    const labels = [...chart.querySelectorAll<HTMLElement>('[title^="w"]:not([data-value])')];
    expect(labels.map((l) => l.textContent)).toEqual(
      weeks.map((w, i) => (i % 2 === 0 ? w.week : '')),
    );
    // Ticks 0 to 12 in steps of 5: 15 is the top, so 11 is 73% of the height.
    expect(chart.querySelector<HTMLElement>('[data-value="11"]')?.style.height).toBe(
      `${(11 / 15) * 100}%`,
    );
    expect(chart.textContent).not.toMatch(/^Evidence/);
  });
});

describe('DonutChart', () => {
  it('draws each part as its share of the ring, the total in the middle, a key with counts', () => {
    render(
      <DonutChart
        title="Hypothesis results"
        size={140}
        thickness={22}
        data={[
          { name: 'Validated', value: 3, color: 'green.6' },
          { name: 'Invalidated', value: 0, color: 'red.6' },
          { name: 'No result', value: 1, color: 'gray.4' },
        ]}
      />,
    );
    expect(
      screen.getByRole('img', { name: 'Hypothesis results. Validated: 3; No result: 1' }),
    ).toBeTruthy();
    const chart = screen.getByTestId('donut-chart');
    const arcs = [...chart.querySelectorAll('circle')];
    const around = 2 * Math.PI * 59;
    const dashes = arcs.map((a) =>
      (a.getAttribute('stroke-dasharray') ?? '').split(' ').map(Number),
    );
    expect(dashes).toHaveLength(2);
    expect(dashes[0]?.[0]).toBeCloseTo(0.75 * around);
    expect(dashes[0]?.[1]).toBeCloseTo(0.25 * around);
    expect(dashes[1]?.[0]).toBeCloseTo(0.25 * around);
    // The second part starts where the first ends.
    expect(Number(arcs[1]?.getAttribute('stroke-dashoffset'))).toBeCloseTo(-0.75 * around);
    expect(chart.querySelector('text')?.textContent).toBe('4');
    expect(chart.textContent).toContain('Validated 3');
    expect(chart.textContent).toContain('No result 1');
  });
});
