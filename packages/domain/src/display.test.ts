import { describe, expect, it } from 'vitest';
import { formatWhen, timezoneFromOffset } from './display.ts';

describe('display rules (part 1 §9.3)', () => {
  const now = new Date('2026-11-28T15:00:00Z');
  it('shows a date older than a year in full, a recent one short', () => {
    expect(formatWhen('2025-03-12T10:00:00Z', now)).toBe('March 12, 2025');
    expect(formatWhen('2026-03-12T10:00:00Z', now)).toBe('Mar 12');
    expect(formatWhen('2025-11-29T10:00:00Z', now)).toBe('Nov 29');
    expect(formatWhen('not a date', now)).toBe('');
  });
  it('builds the time zone string from the browser’s offset', () => {
    expect(timezoneFromOffset(-120)).toBe('UTC+02:00');
    expect(timezoneFromOffset(330)).toBe('UTC-05:30');
    expect(timezoneFromOffset(0)).toBe('UTC+00:00');
  });
});
