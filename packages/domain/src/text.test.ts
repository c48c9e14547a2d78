import { describe, expect, it } from 'vitest';
import {
  abbreviateNumber,
  formatTimer,
  isEmptyDate,
  priceString,
  remainingCharacters,
  sanitizeName,
  slugify,
  truncate,
} from './text.ts';

describe('sanitizeName', () => {
  it('strips < > \\ { } " . = and backtick and trims', () => {
    expect(sanitizeName(' <My> {"Big"} Idea.=\\` ')).toBe('My Big Idea');
  });
  it('cuts names to 50 characters', () => {
    expect(sanitizeName('a'.repeat(60))).toHaveLength(50);
  });
});

describe('slugify', () => {
  it('keeps lowercase letters and digits only, up to 50', () => {
    expect(slugify('Acme Café & Co. 2026!')).toBe('acmecafeco2026');
    expect(slugify('X'.repeat(70))).toBe('x'.repeat(50));
  });
});

describe('truncate', () => {
  it('leaves short text alone', () => {
    expect(truncate('short', 10)).toBe('short');
  });
  it('breaks at a space beyond 80% of the cut point', () => {
    // cut point 20: "the quick brown fox " -> last space at 19 (> 16)
    expect(truncate('the quick brown fox jumps over', 20)).toBe('the quick brown fox…');
  });
  it('cuts hard when the last space is before 80%', () => {
    expect(truncate('ab cdefghijklmnopqrstuvwxyz', 10)).toBe('ab cdefghi…');
  });
});

describe('priceString', () => {
  it('adds .00 or a trailing zero', () => {
    expect(priceString(59)).toBe('59.00');
    expect(priceString('59.5')).toBe('59.50');
    expect(priceString(59.99)).toBe('59.99');
    expect(priceString('9900.')).toBe('9900.00');
  });
});

describe('abbreviateNumber', () => {
  it('uses K, M, B and T', () => {
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(1000)).toBe('1K');
    expect(abbreviateNumber(1250)).toBe('1.2K');
    expect(abbreviateNumber(2_500_000)).toBe('2.5M');
    expect(abbreviateNumber(3_000_000_000)).toBe('3B');
    expect(abbreviateNumber(4.1e12)).toBe('4.1T');
    expect(abbreviateNumber(-1500)).toBe('-1.5K');
  });
});

describe('formatTimer', () => {
  it('formats h:mm:ss', () => {
    expect(formatTimer(0)).toBe('0:00:00');
    expect(formatTimer(61)).toBe('0:01:01');
    expect(formatTimer(3661)).toBe('1:01:01');
    expect(formatTimer(36000 + 59)).toBe('10:00:59');
  });
});

describe('isEmptyDate', () => {
  it('treats falsy and zero dates as empty', () => {
    expect(isEmptyDate(null)).toBe(true);
    expect(isEmptyDate('')).toBe(true);
    expect(isEmptyDate('0001-01-01T00:00:00Z')).toBe(true);
    expect(isEmptyDate('1970-01-01T00:00:00.000Z')).toBe(true);
    expect(isEmptyDate(new Date(0))).toBe(true);
    expect(isEmptyDate('2026-11-22T10:00:00Z')).toBe(false);
    expect(isEmptyDate(new Date('2026-01-01'))).toBe(false);
  });
});

describe('remainingCharacters', () => {
  it('shows the counter at 20 or fewer remaining', () => {
    expect(remainingCharacters(29879)).toBeNull();
    expect(remainingCharacters(29880)).toBe(20);
    expect(remainingCharacters(29905)).toBe(-5);
  });
});
